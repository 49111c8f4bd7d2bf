import { useEffect, useId, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import type { AccountCreate } from "../ledger.schema.ts";

import { createAccount, reactivateAccount, updateAccount } from "../ledger.api.ts";
import { AccountForm } from "./account-form.tsx";
import type { Account } from "../ledger.types.ts";
import { flattenTree } from "../account-tree.ts";
import { ChartAccountRow } from "./chart-account-row.tsx";
import { useAction } from "~/ui/use-action.ts";
import { useBooks, useBooksOrgId } from "./books-context.tsx";
import { tdClass, ColumnHeads } from "~/ui/table.tsx";
import { DeleteAccountDialog } from "./delete-account-dialog.tsx";
import { CheckboxField } from "~/ui/field.tsx";

/**
 * The chart of accounts (/accounting/:orgId): the accounts its loader read, inactive ones too when the URL says
 * `include_inactive=true`; after a change the route's loaders run again.
 */
export function ChartOfAccountsScreen({ accounts, showInactive }: { accounts: Account[]; showInactive: boolean }) {
  const { can } = useBooks();
  const canWrite = can["books.write"];
  const [editing, setEditing] = useState<Account | null>(null);
  const [toDelete, setToDelete] = useState<Account | null>(null);
  const editButtons = useRef(new Map<number, HTMLButtonElement>());
  const toggleId = useId();
  const [, setSearchParams] = useSearchParams();
  // The box follows the click at once, while the loader reads the other list; then it follows the URL.
  const [inactiveChecked, setInactiveChecked] = useState(showInactive);
  useEffect(() => setInactiveChecked(showInactive), [showInactive]);
  const orgId = useBooksOrgId();
  // After each change the chart and the entry form's accounts are read again before the toast says it is done.
  const { act } = useAction();

  /** Back to the row's Edit button after an edit ends, for keyboard users. */
  function stopEditing() {
    const id = editing?.id;
    setEditing(null);
    if (id !== undefined) requestAnimationFrame(() => editButtons.current.get(id)?.focus());
  }

  async function save(values: AccountCreate): Promise<boolean> {
    const res = await act(
      () =>
        editing
          ? updateAccount(orgId, editing.id, {
              account_name: values.account_name,
              account_type: values.account_type,
              detail_type: values.detail_type,
              parent_id: values.parent_id ?? null,
            })
          : createAccount(orgId, values),
      { failure: "Error", success: editing ? "Account updated successfully" : "Account created successfully" },
    );
    if (!res.ok) return false;
    if (editing) stopEditing();
    return true;
  }

  async function reactivate(account: Account) {
    await act(() => reactivateAccount(orgId, account.id), {
      failure: "Error",
      success: "Account reactivated successfully",
      description: `${account.account_code} ${account.account_name} is back in the chart and the entry form.`,
    });
  }

  const inactiveCount = accounts.filter((a) => a.is_active === false).length;

  return (
    <div className="space-y-6">
      {canWrite ? <AccountForm editing={editing} accounts={accounts} onSubmit={save} onCancel={stopEditing} /> : null}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold text-ink">Accounts</h2>
        <CheckboxField
          id={toggleId}
          label={`Show inactive${showInactive ? ` (${inactiveCount})` : ""}`}
          labelClassName="text-sm font-medium text-ink"
          checked={inactiveChecked}
          onChange={(e) => {
            setInactiveChecked(e.target.checked);
            setSearchParams(e.target.checked ? { include_inactive: "true" } : {}, { replace: true, preventScrollReset: true });
          }}
        />
      </div>
      <div className="overflow-x-auto rounded-lg border border-slate-200">
        <table className="min-w-full divide-y divide-slate-200">
          <caption className="sr-only">
            {showInactive
              ? "All accounts, inactive ones marked, ordered by code, sub-accounts under their parents"
              : "Active accounts, ordered by code, sub-accounts under their parents"}
          </caption>
          <thead className="bg-slate-50">
            <ColumnHeads labels={["Code", "Name", "Type", "Detail type", canWrite && "Actions"]} />
          </thead>
          <tbody className="divide-y divide-slate-100">
            {accounts.length === 0 ? (
              <tr>
                <td colSpan={5} className={`${tdClass} text-muted`}>
                  No accounts yet.
                </td>
              </tr>
            ) : (
              flattenTree(accounts).map(({ account: a, level }) => (
                <ChartAccountRow
                  key={a.id}
                  account={a}
                  level={level}
                  parent={level > 1 ? accounts.find((p) => p.id === a.parent_id) : undefined}
                  canWrite={canWrite}
                  canDelete={can["books.accounts.delete"]}
                  editButtons={editButtons.current}
                  onEdit={setEditing}
                  onDelete={setToDelete}
                  onReactivate={(account) => void reactivate(account)}
                />
              ))
            )}
          </tbody>
        </table>
      </div>
      <DeleteAccountDialog
        account={toDelete}
        onClose={() => setToDelete(null)}
        onDeleted={(account) => editing?.id === account.id && setEditing(null)}
      />
    </div>
  );
}
