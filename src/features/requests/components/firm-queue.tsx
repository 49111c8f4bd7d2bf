import { Form, Link } from "react-router";
import { Button } from "~/ui/button.tsx";
import { InputField } from "~/ui/field.tsx";
import { NamedOptions } from "~/ui/named-options.tsx";
import { ITEM_STATUS_LABELS, type ItemStatus, type QueueRow } from "../requests.types.ts";

const WAITING = [
  { value: "", label: "Anyone" },
  { value: "client", label: "Waiting on the client" },
  { value: "firm", label: "Waiting on the firm" },
];

const statusText = (row: QueueRow) =>
  row.kind === "bank_question"
    ? row.status === "asked"
      ? "Bank question asked"
      : "Bank question answered"
    : ITEM_STATUS_LABELS[row.status as ItemStatus];

/**
 * The firm's queue: over the clients the staff member keeps, what waits on the client and what waits on the firm
 * (request items and bank questions), oldest first; the filters are in the URL.
 */
export function FirmQueue({
  rows,
  clients,
  filters,
  errors,
}: {
  rows: QueueRow[];
  clients: { id: number; name: string }[];
  filters: Record<string, string>;
  errors: Record<string, string>;
}) {
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold text-ink">Requests and questions</h1>
      <Form
        method="get"
        role="search"
        aria-label="Filter the queue"
        className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-4"
      >
        <InputField as="select" id="queue-client" label="Client" name="client" defaultValue={filters.client ?? ""} error={errors.client}>
          <option value="">Every client</option>
          <NamedOptions items={clients} />
        </InputField>
        <InputField
          as="select"
          id="queue-waiting"
          label="Waiting on"
          name="waiting"
          defaultValue={filters.waiting ?? ""}
          error={errors.waiting}
        >
          {WAITING.map((w) => (
            <option key={w.value} value={w.value}>
              {w.label}
            </option>
          ))}
        </InputField>
        <Button type="submit" size="sm">
          Show
        </Button>
      </Form>
      {rows.length === 0 ? (
        <p className="text-muted">Nothing is waiting.</p>
      ) : (
        <ol aria-label="Waiting, oldest first" className="divide-y divide-slate-200 rounded-md border border-slate-200 bg-white">
          {rows.map((row, i) => (
            <li key={`${row.kind}-${row.href}-${i}`} className="grid gap-1 px-4 py-3 sm:grid-cols-[1fr_auto] sm:items-center">
              <div className="min-w-0">
                <Link to={row.href} className="font-semibold text-brand-700 underline [overflow-wrap:anywhere]">
                  {row.label}
                </Link>
                <p className="text-sm text-muted [overflow-wrap:anywhere]">
                  {row.organization_name} · {row.context} · {statusText(row)}
                  {row.due_on ? ` · due ${row.due_on}` : ""}
                </p>
              </div>
              <p className="text-sm">
                <span className={row.waiting_on === "firm" ? "font-semibold text-sky-900" : "font-semibold text-amber-900"}>
                  {row.waiting_on === "firm" ? "Waiting on the firm" : "Waiting on the client"}
                </span>{" "}
                <span className="text-muted">since {row.since.slice(0, 10)}</span>
              </p>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
