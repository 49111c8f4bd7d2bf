import { cn } from "~/ui/cn.ts";

/**
 * The honeypot: a field people never see or reach (off-screen, hidden from assistive technology,
 * out of the tab order). Anything typed into it marks the submission as automated.
 */
export function Honeypot({ id, inputProps }: { id: string; inputProps: Record<string, unknown> }) {
  return (
    <div aria-hidden="true" className={cn("absolute -left-[10000px] top-auto h-px w-px overflow-hidden")}>
      <label htmlFor={id}>Website (leave this empty)</label>
      {/* eslint-disable-next-line no-restricted-syntax -- raw control: a trap for bots, not a field of the form (off-screen, hidden from people) */}
      <input id={id} type="text" tabIndex={-1} autoComplete="off" {...inputProps} />
    </div>
  );
}
