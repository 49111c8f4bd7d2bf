import { Link } from "react-router";
import type { WorkChoices, WorkInstanceRow } from "../work.types.ts";
import { WorkBoard } from "./work-board.tsx";
import { WorkFilters } from "./work-filters.tsx";
import { WorkList } from "./work-list.tsx";

/** /firm/work: the firm's recurring work, as a list by due date or a board by status, filtered in the URL. */
export function WorkScreen({
  rows,
  filters,
  errors,
  choices,
  today,
  canEditTemplates,
}: {
  rows: WorkInstanceRow[];
  filters: Record<string, string>;
  errors: Record<string, string>;
  choices: WorkChoices;
  today: string;
  canEditTemplates: boolean;
}) {
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-ink">Work</h1>
        {canEditTemplates ? (
          <Link to="/firm/work/templates" className="font-semibold text-brand-700 underline">
            Templates and schedules
          </Link>
        ) : null}
      </div>
      <WorkFilters filters={filters} errors={errors} choices={choices} />
      {filters.view === "board" ? <WorkBoard rows={rows} today={today} /> : <WorkList rows={rows} today={today} staff={choices.staff} />}
    </div>
  );
}
