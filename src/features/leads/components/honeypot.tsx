import { cn } from "~/ui/cn.ts";

/**
 * The honeypot: a field people never see or reach (off-screen, hidden from assistive technology,
 * out of the tab order). Anything typed into it marks the submission as automated.
 */
export function Honeypot({ id, inputProps }: { id: string; inputProps: Record<string, unknown> }) {
  return (
    <div aria-hidden="true" className={cn("absolute -left-[10000px] top-auto h-px w-px overflow-hidden")}>
      <label htmlFor={id}>Website (leave this empty)</label>
      <input id={id} type="text" tabIndex={-1} autoComplete="off" {...inputProps} />
    </div>
  );
}
