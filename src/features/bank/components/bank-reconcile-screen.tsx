import { useState } from "react";
import { Form } from "react-router";
import { Button } from "~/ui/button.tsx";
import { InputField } from "~/ui/field.tsx";
import type { BankAccount, ReconciliationView } from "../bank.types.ts";
import type { ApiResult } from "~/lib/api-client.ts";
import { centsToDecimal, toCents } from "~/lib/money.ts";
import { clearLedgerLines, finishReconciliation, reconciliationReportUrl, undoReconciliation } from "../bank.api.ts";
import { booksPath, useBooks, useMoney } from "~/features/ledger/index.ts";
import { BankSectionHead } from "./bank-section-head.tsx";
import { ReconcileStart } from "./bank-reconcile-start.tsx";
import { ColumnHeads, tdClass } from "~/ui/table.tsx";
import { useAction } from "~/ui/use-action.ts";

/** The statement balance as typed ("1,234.56", "-20"), in cents; null when it is not an amount. */
const typedCents = (text: string) => toCents(text.trim().replace(/^(-?)\d{1,3}(,\d{3})+/, (m) => m.replace(/,/g, "")));

/**
 * Reconciliation (/accounting/:orgId/bank/:bankId/reconcile?date=, by default the latest statement's end): the
 * statement's closing balance against the cleared balance, which starts from the opening balance the first statement
 * states; ledger lines with no statement line can be marked cleared; Finish needs a difference of 0.00.
 */
export function BankReconcileScreen({ account, view }: { account: BankAccount; view: ReconciliationView }) {
  const { organization, can } = useBooks();
  const canWrite = can["books.write"];
  const orgId = organization.id;
  const bankId = account.id;
  const [balance, setBalance] = useState(view.statement_balance ?? "");
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const { money } = useMoney();
  const typed = typedCents(balance);
  const difference = typed === null ? null : centsToDecimal(typed - toCents(view.cleared_balance)!);

  const { act } = useAction();
  async function send(call: () => Promise<ApiResult<unknown>>, failure: string, success: string) {
    setBusy(true);
    const res = await act(call, { failure, success });
    setBusy(false);
    if (!res.ok) setError(res.fields.statement_balance ?? res.fields.statement_date);
  }

  const latest = view.history.find((r) => !r.undone_at);
  return (
    <div className="space-y-6">
      <BankSectionHead
        back={booksPath(organization.id, `bank/${account.id}`)}
        backText={account.name}
        title={`Reconcile ${account.name}`}
      />
      <Form method="get" role="search" className="flex flex-wrap items-end gap-3" preventScrollReset>
        <InputField id="reconcile-date" name="date" type="date" label="Statement date" defaultValue={view.statement_date} />
        <Button type="submit" variant="secondary">
          Show
        </Button>
      </Form>
      <ReconcileStart start={view.start} money={money} />
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {[
          ["Book balance", money(view.book_balance)],
          ["Cleared balance", money(view.cleared_balance)],
          ["Uncleared items", `${view.uncleared.length} · ${money(view.uncleared_total)}`],
          ["Statement lines to match", String(view.unmatched_lines)],
        ].map(([term, value]) => (
          <div key={term} className="rounded-lg border border-slate-200 p-3">
            <dt className="text-sm text-muted">{term}</dt>
            <dd className="text-lg font-semibold tabular-nums text-ink">{value}</dd>
          </div>
        ))}
      </dl>
      {canWrite ? (
        <div className="flex flex-wrap items-end gap-4 rounded-lg border border-slate-200 bg-slate-50 p-4">
          <InputField
            id="statement-balance"
            label="Statement closing balance"
            inputMode="decimal"
            value={balance}
            error={error}
            onChange={(e) => (setBalance(e.target.value), setError(undefined))}
          />
          <p className="text-lg font-semibold text-ink" aria-live="polite">
            Difference:{" "}
            <span className={difference === "0.00" ? "text-emerald-800" : "text-red-800"}>
              {difference === null ? "—" : money(difference)}
            </span>
          </p>
          <Button
            disabled={busy || difference !== "0.00"}
            onClick={() =>
              send(
                () => finishReconciliation(orgId, bankId, { statement_date: view.statement_date, statement_balance: balance }),
                "Not reconciled",
                `Reconciled to ${view.statement_date}`,
              )
            }
          >
            Finish reconciliation
          </Button>
        </div>
      ) : null}
      <section aria-labelledby="uncleared-heading" className="space-y-2">
        <h3 id="uncleared-heading" className="text-lg font-semibold text-ink">
          Uncleared items up to {view.statement_date}
        </h3>
        {view.uncleared.length === 0 ? (
          <p className="text-sm text-muted">Every posted line of this account up to this date is cleared.</p>
        ) : (
          <div className="overflow-x-auto rounded-lg border border-slate-200">
            <table className="min-w-full divide-y divide-slate-200">
              <caption className="sr-only">Posted lines of the account not matched to the statement</caption>
              <thead className="bg-slate-50">
                <ColumnHeads labels={["Date", "Entry", "Description", "Amount", canWrite && "Actions"]} numeric={["Amount"]} />
              </thead>
              <tbody className="divide-y divide-slate-100">
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
                          disabled={busy}
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
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section aria-labelledby="history-heading" className="space-y-2">
        <h3 id="history-heading" className="text-lg font-semibold text-ink">
          Finished reconciliations
        </h3>
        {view.history.length === 0 ? (
          <p className="text-sm text-muted">None yet.</p>
        ) : (
          <ul className="space-y-1 text-sm text-ink">
            {view.history.map((r) => (
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
                    disabled={busy}
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
    </div>
  );
}
