import { useState } from "react";
import { Form } from "react-router";
import { Button } from "~/ui/button.tsx";
import { InputField } from "~/ui/field.tsx";
import type { BankAccount, ReconciliationView } from "../bank.types.ts";
import type { ApiResult } from "~/lib/api-client.ts";
import { centsToDecimal, toCents } from "~/lib/money.ts";
import { finishReconciliation } from "../bank.api.ts";
import { booksPath, useBooks, useMoney } from "~/features/ledger/index.ts";
import { BankSectionHead } from "./bank-section-head.tsx";
import { ReconcileStart } from "./bank-reconcile-start.tsx";
import { ReconciliationHistory, UnclearedItems } from "./bank-reconcile-lists.tsx";
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
  const { money } = useMoney();
  const typed = typedCents(balance);
  const difference = typed === null ? null : centsToDecimal(typed - toCents(view.cleared_balance)!);

  const { act, pending } = useAction();
  async function send(call: () => Promise<ApiResult<unknown>>, failure: string, success: string) {
    const res = await act(call, { failure, success });
    if (!res.ok) setError(res.fields.statement_balance ?? res.fields.statement_date);
  }

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
            disabled={pending || difference !== "0.00"}
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
      <UnclearedItems view={view} orgId={orgId} bankId={bankId} money={money} canWrite={canWrite} pending={pending} send={send} />
      <ReconciliationHistory
        history={view.history}
        orgId={orgId}
        bankId={bankId}
        money={money}
        canWrite={canWrite}
        pending={pending}
        send={send}
      />
    </div>
  );
}
