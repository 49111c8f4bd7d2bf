import type { ApiResult } from "~/lib/api-client.ts";
import { Button } from "~/ui/button.tsx";
import { CardTable } from "~/ui/card-table.tsx";
import { tdClass } from "~/ui/table.tsx";
import type { ReconciliationRecord, ReconciliationView } from "../bank.types.ts";
import { clearLedgerLines, reconciliationReportUrl, undoReconciliation } from "../bank.api.ts";

/** Runs a change through the reconciliation screen's one action, with its failure and success toast titles. */
type Send = (call: () => Promise<ApiResult<unknown>>, failure: string, success: string) => void;

/** What both lists take from the reconciliation screen: the account, the money format, who may write, its action. */
interface ListProps {
  orgId: number;
  bankId: number;
  money: (amount: string) => string;
  canWrite: boolean;
  pending: boolean;
  send: Send;
}

/** The posted lines of the account up to the statement date not matched to it, each to mark cleared (who may write). */
export function UnclearedItems({ view, orgId, bankId, money, canWrite, pending, send }: ListProps & { view: ReconciliationView }) {
  return (
    <section aria-labelledby="uncleared-heading" className="space-y-2">
      <h3 id="uncleared-heading" className="text-lg font-semibold text-ink">
        Uncleared items up to {view.statement_date}
      </h3>
      {view.uncleared.length === 0 ? (
        <p className="text-sm text-muted">Every posted line of this account up to this date is cleared.</p>
      ) : (
        <CardTable
          caption="Posted lines of the account not matched to the statement"
          heads={["Date", "Entry", "Description", "Amount", canWrite && "Actions"]}
          numeric={["Amount"]}
          cards="none"
        >
          {view.uncleared.map((u) => (
            <tr key={u.ledger_line_id}>
              <td className={`${tdClass} whitespace-nowrap`}>{u.date}</td>
              <td className={tdClass}>{u.entry_number}</td>
              <td className={tdClass}>{u.description}</td>
              <td className={`${tdClass} text-right tabular-nums`}>{money(u.amount)}</td>
              {canWrite ? (
                <td className={tdClass}>
                  <Button
                    size="sm"
                    variant="ghost"
                    disabled={pending}
                    aria-label={`Mark ${u.entry_number} cleared`}
                    onClick={() =>
                      send(() => clearLedgerLines(orgId, bankId, [u.ledger_line_id]), "Not cleared", `${u.entry_number} cleared`)
                    }
                  >
                    Mark cleared
                  </Button>
                </td>
              ) : null}
            </tr>
          ))}
        </CardTable>
      )}
    </section>
  );
}

/** The finished reconciliations with their reports; the latest not undone can be undone (who may write). */
export function ReconciliationHistory({
  history,
  orgId,
  bankId,
  money,
  canWrite,
  pending,
  send,
}: ListProps & { history: ReconciliationRecord[] }) {
  const latest = history.find((r) => !r.undone_at);
  return (
    <section aria-labelledby="history-heading" className="space-y-2">
      <h3 id="history-heading" className="text-lg font-semibold text-ink">
        Finished reconciliations
      </h3>
      {history.length === 0 ? (
        <p className="text-sm text-muted">None yet.</p>
      ) : (
        <ul className="space-y-1 text-sm text-ink">
          {history.map((r) => (
            <li key={r.id} className="flex flex-wrap items-center gap-2">
              <span>
                {r.statement_date}: statement {money(r.statement_balance)}, books {money(r.book_balance)}, by{" "}
                {r.finished_by ?? "a former member"} on {r.finished_at.slice(0, 16)}
                {r.undone_at ? ` (undone ${r.undone_at.slice(0, 16)})` : ""}
              </span>
              <a className="text-brand-700 underline" href={reconciliationReportUrl(orgId, bankId, r.id, "pdf")} download>
                Report (PDF)
              </a>
              <a className="text-brand-700 underline" href={reconciliationReportUrl(orgId, bankId, r.id, "csv")} download>
                CSV
              </a>
              {canWrite && r.id === latest?.id ? (
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={pending}
                  onClick={() => send(() => undoReconciliation(orgId, bankId, r.id), "Not undone", "Reconciliation undone")}
                >
                  Undo
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
