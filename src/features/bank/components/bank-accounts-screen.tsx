import { Link } from "react-router";
import type { BankAccountInput } from "../bank.schema.ts";
import type { BankAccount } from "../bank.types.ts";
import { createBankAccount } from "../bank.api.ts";

import { booksPath, useBooks, useMoney } from "~/features/ledger/index.ts";
import { BankAccountForm } from "./bank-account-form.tsx";
import { useAction } from "~/ui/use-action.ts";
import { cardRow, cardText, ColumnHeads, tdClass } from "~/ui/table.tsx";

/**
 * Bank (/accounting/:orgId/bank): the organization's bank and card accounts, each with its book balance, the
 * statement lines still to match and the date it is reconciled to; owners and accountants add accounts here.
 */
export function BankAccountsScreen({ bankAccounts }: { bankAccounts: BankAccount[] }) {
  const { money } = useMoney();
  const { organization, accounts, can } = useBooks();
  const { act } = useAction();

  async function create(values: BankAccountInput): Promise<Record<string, string> | null> {
    const res = await act(() => createBankAccount(organization.id, values), {
      failure: "Bank account not added",
      success: "Bank account added",
      description: `Import ${values.name}'s statements from its page.`,
    });
    return res.ok ? null : res.fields;
  }

  return (
    <div className="space-y-6">
      <div>
        <h2 className="text-xl font-semibold text-ink">Bank and card accounts</h2>
        <p className="mt-1 max-w-3xl text-sm text-muted">
          Import what the bank sends (CSV, OFX, QFX, camt.053, MT940, QIF), match each transaction to the books or post it to an account,
          and reconcile to the statement.
        </p>
      </div>
      {bankAccounts.length === 0 ? (
        <div className="rounded-lg border border-dashed border-slate-300 p-10 text-center">
          <p className="text-muted">No bank accounts yet.</p>
        </div>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200">
          <table className="min-w-full divide-y divide-slate-200 max-md:block">
            <caption className="sr-only">Bank and card accounts</caption>
            <thead className="bg-slate-50 max-md:hidden">
              <ColumnHeads
                labels={["Name", "Ledger account", "Book balance", "To match", "Reconciled to"]}
                numeric={["Book balance", "To match"]}
              />
            </thead>
            <tbody className="divide-y divide-slate-100 max-md:block">
              {bankAccounts.map((b) => (
                <tr key={b.id} className={cardRow}>
                  <td className={`${tdClass} ${cardText} max-md:col-span-3`}>
                    <Link className="font-semibold text-brand-700 underline" to={booksPath(organization.id, `bank/${b.id}`)}>
                      {b.name}
                    </Link>
                    <span className="ml-2 text-sm text-muted">{b.kind === "card" ? "Credit card" : "Bank account"}</span>
                    {b.number ? <span className="block text-sm text-muted">{b.number}</span> : null}
                  </td>
                  <td className={`${tdClass} ${cardText} max-md:col-span-3`}>
                    {b.account_code} · {b.account_name}
                  </td>
                  <td className={`${tdClass} ${cardText} text-right tabular-nums`}>{money(b.book_balance)}</td>
                  <td className={`${tdClass} ${cardText} text-right tabular-nums`}>{b.unmatched}</td>
                  <td className={`${tdClass} ${cardText}`}>{b.reconciled_to ?? "Not yet"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {can["books.write"] ? <BankAccountForm accounts={accounts} currency={organization.currency} onSubmit={create} /> : null}
    </div>
  );
}
