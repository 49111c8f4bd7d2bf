import type { EntryDetails } from "../ledger.types.ts";
import { useMoney } from "./books-context.tsx";
import { Amount, cardRow, cardText, StatusBadge, tdClass, ColumnHeads } from "~/ui/table.tsx";
import { formatDateTime } from "~/lib/format.ts";

const AUDIT_LABELS: Record<EntryDetails["audit"][number]["action"], string> = {
  created: "Created",
  edited: "Edited",
  posted: "Posted",
  reversed: "Reversed",
};

/** An entry's head: date, status, reference, description, and what it reverses or is reversed by. */
export function EntrySummary({ entry }: { entry: EntryDetails }) {
  return (
    <dl className="grid grid-cols-2 gap-x-6 gap-y-2 text-sm sm:grid-cols-3">
      <div>
        <dt className="font-medium text-muted">Date</dt>
        <dd>{entry.entry_date}</dd>
      </div>
      <div>
        <dt className="font-medium text-muted">Status</dt>
        <dd>
          <StatusBadge status={entry.status} reversed={entry.reversed_by !== null} />
        </dd>
      </div>
      <div>
        <dt className="font-medium text-muted">Reference</dt>
        <dd>{entry.reference || "—"}</dd>
      </div>
      <div className="col-span-2 sm:col-span-3">
        <dt className="font-medium text-muted">Description</dt>
        <dd>{entry.description}</dd>
      </div>
      {entry.reversal_of_number ? (
        <div>
          <dt className="font-medium text-muted">Reverses</dt>
          <dd>{entry.reversal_of_number}</dd>
        </div>
      ) : null}
      {entry.reversed_by_number ? (
        <div>
          <dt className="font-medium text-muted">Reversed by</dt>
          <dd>{entry.reversed_by_number}</dd>
        </div>
      ) : null}
    </dl>
  );
}

/**
 * An entry's lines and their total. Below md each line is a card: account, description, then Debit and Credit. With
 * taxed lines, each line's tax code beside it (a tax line's also names it a tax line).
 */
export function EntryLinesTable({ entry }: { entry: EntryDetails }) {
  const { money } = useMoney();
  const taxed = entry.lines.some((l) => l.tax_code);
  return (
    <table className="min-w-full divide-y divide-slate-200 border border-slate-200 max-md:block">
      <caption className="sr-only">Lines of {entry.entry_number}</caption>
      <thead className="bg-slate-50 max-md:hidden">
        <ColumnHeads labels={["Account", "Description", taxed && "Tax", "Debit", "Credit"]} numeric={["Debit", "Credit"]} />
      </thead>
      <tbody className="divide-y divide-slate-100 max-md:block">
        {entry.lines.map((l) => (
          <tr key={l.id} data-testid="detail-line" className={cardRow}>
            <td className={`${tdClass} ${cardText} max-md:col-span-3 max-md:font-medium`}>
              {l.account_code} {l.account_name}
            </td>
            <td className={`${tdClass} ${cardText} max-md:col-span-3 max-md:empty:hidden`}>{l.description ?? ""}</td>
            {taxed ? (
              <td className={`${tdClass} ${cardText} max-md:col-span-3 max-md:empty:hidden`} data-testid="detail-line-tax">
                {l.tax_code ? (l.tax_part_no == null ? l.tax_code : `${l.tax_code} tax`) : ""}
              </td>
            ) : null}
            <Amount label="Debit">{l.debit_amount !== "0.00" ? money(l.debit_amount) : ""}</Amount>
            <Amount label="Credit">{l.credit_amount !== "0.00" ? money(l.credit_amount) : ""}</Amount>
          </tr>
        ))}
      </tbody>
      <tfoot className="bg-slate-50 font-semibold max-md:block">
        <tr className={cardRow}>
          <th scope="row" colSpan={taxed ? 3 : 2} className={`${tdClass} ${cardText} text-left`}>
            Total
          </th>
          <Amount label="Debit">{money(entry.total_amount)}</Amount>
          <Amount label="Credit">{money(entry.total_amount)}</Amount>
        </tr>
      </tfoot>
    </table>
  );
}

/** Who created, edited, posted and reversed the entry, and when. */
export function EntryAuditTrail({ entry, headingId }: { entry: EntryDetails; headingId: string }) {
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="mb-2 text-base font-semibold">
        Audit trail
      </h3>
      <ol className="space-y-1 text-sm" data-testid="audit-trail">
        {entry.audit.map((a, i) => (
          <li key={i}>
            <span className="font-medium">{AUDIT_LABELS[a.action]}</span> by {a.user_name ?? "a removed user"} on {formatDateTime(a.at)}
            {a.detail ? ` (${a.detail})` : ""}
          </li>
        ))}
      </ol>
    </section>
  );
}
