import { Button } from "~/ui/button.tsx";
import { useAction } from "~/ui/use-action.ts";
import { stopSchedule } from "../work.api.ts";
import type { WorkSchedule } from "../work.types.ts";

/** The clients a template is applied to (from which period, to whom), each schedule stopped on its own button. */
export function TemplateClients({ title, schedules }: { title: string; schedules: WorkSchedule[] }) {
  const { act, pending } = useAction();
  if (schedules.length === 0) return <p className="text-sm text-muted">Not applied to any client yet.</p>;
  return (
    <details className="text-sm">
      <summary className="cursor-pointer font-semibold text-brand-700">
        {title}: {schedules.length} client{schedules.length === 1 ? "" : "s"}
      </summary>
      <ul className="mt-2 divide-y divide-slate-200">
        {schedules.map((s) => (
          <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span className="[overflow-wrap:anywhere]">
              {s.organization_name} · from {s.first_period} · {s.assignee_name ?? "Nobody"}
            </span>
            <Button
              type="button"
              size="sm"
              variant="ghost"
              disabled={pending}
              onClick={() =>
                void act(() => stopSchedule(s.id), { failure: "Not stopped", success: `${title} stopped for ${s.organization_name}` })
              }
            >
              Stop for {s.organization_name}
            </Button>
          </li>
        ))}
      </ul>
    </details>
  );
}
