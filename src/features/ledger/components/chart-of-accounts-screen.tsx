import { useEffect, useId, useRef, useState } from "react";
import { useRevalidator, useSearchParams } from "react-router";
import { toast } from "~/ui/toast.ts";
import type { AccountCreate } from "../ledger.schema.ts";
import { accountUsageMessage, type AccountUsageCounts } from "../accounts.ts";

import { createAccount, deactivateAccount, getAccountUsage, reactivateAccount, updateAccount } from "../ledger.api.ts";
import { AccountForm } from "./account-form.tsx";
import type { Account } from "../ledger.types.ts";
import { flattenTree } from "../account-tree.ts";
import { ChartAccountRow } from "./chart-account-row.tsx";
import { toastFailure } from "~/ui/toast-failure.ts";
import { useBooks, useBooksOrgId, useMoney } from "./books-context.tsx";
import { tdClass, ColumnHeads } from "~/ui/table.tsx";
import { ConfirmDialog } from "~/ui/confirm-dialog.tsx";
import { CheckboxField } from "~/ui/field.tsx";

/** The account a delete was asked for, and what it would hide (null while it is being looked up). */
interface PendingDelete {
  account: Account;
  usage: AccountUsageCounts | null;
}

/**
 * The chart of accounts (/accounting/:orgId): the accounts its loader read, inactive ones too when the URL says
 * `include_inactive=true`; after a change the route's loaders run again.
 */
export function ChartOfAccountsScreen({ accounts, showInactive }: { accounts: Account[]; showInactive: boolean }) {
  const { balance, currency } = useMoney();
  const { can } = useBooks();
  const canWrite = can["books.write"];
  const [editing, setEditing] = useState<Account | null>(null);
  const [pending, setPending] = useState<PendingDelete | null>(null);
  const [understood, setUnderstood] = useState(false);
  const editButtons = useRef(new Map<number, HTMLButtonElement>());
  const toggleId = useId();
  const [, setSearchParams] = useSearchParams();
  // The box follows the click at once, while the loader reads the other list; then it follows the URL.
  const [inactiveChecked, setInactiveChecked] = useState(showInactive);
  useEffect(() => setInactiveChecked(showInactive), [showInactive]);
  const revalidator = useRevalidator();
  const orgId = useBooksOrgId();

  /** The chart and the entry form's accounts, read again. */
  const refresh = () => revalidator.revalidate();

  /** Back to the row's Edit button after an edit ends, for keyboard users. */
  function stopEditing() {
    const id = editing?.id;
    setEditing(null);
    if (id !== undefined) requestAnimationFrame(() => editButtons.current.get(id)?.focus());
  }

  async function save(values: AccountCreate): Promise<boolean> {
    const res = editing
      ? await updateAccount(orgId, editing.id, {
          account_name: values.account_name,
          account_type: values.account_type,
          detail_type: values.detail_type,
          parent_id: values.parent_id ?? null,
        })
      : await createAccount(orgId, values);
    if (!res.ok) {
      toastFailure(res, { title: "Error" });
      return false;
    }
    // The list is reloaded before the success message, so that the message means the work is done.
    await refresh();
    if (editing) {
      toast.success("Account updated successfully");
      stopEditing();
    } else {
      toast.success("Account created successfully");
    }
    return true;
  }

  async function askDelete(account: Account) {
    setUnderstood(false);
    setPending({ account, usage: null });
    const res = await getAccountUsage(orgId, account.id);
    if (res.ok) {
      const usage = res.data;
      setPending((p) => (p?.account.id === account.id ? { account, usage } : p));
    } else {
      setPending(null);
      toastFailure(res, { title: "Error" });
    }
  }

  const used = pending?.usage ? pending.usage.posted_lines + pending.usage.draft_lines > 0 : false;

  async function remove(): Promise<boolean> {
    if (!pending) return false;
    const { account } = pending;
    const res = await deactivateAccount(orgId, account.id, used);
    if (!res.ok) {
      toastFailure(res, { title: "Error" });
      return false;
    }
    if (editing?.id === account.id) setEditing(null);
    await refresh();
    toast.success("Account deleted successfully");
    return true;
  }

  async function reactivate(account: Account) {
    const res = await reactivateAccount(orgId, account.id);
    if (!res.ok) {
      toastFailure(res, { title: "Error" });
      return;
    }
    await refresh();
    toast.success("Account reactivated successfully", {
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
                  onDelete={(account) => void askDelete(account)}
                  onReactivate={(account) => void reactivate(account)}
                />
              ))
            )}
          </tbody>
        </table>
      </div>
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(o) => !o && setPending(null)}
        title={pending ? `Delete account ${pending.account.account_code} ${pending.account.account_name}?` : "Delete account?"}
        description="Are you sure you want to delete this account?"
        confirmLabel="Delete Account"
        busyLabel="Deleting..."
        variant="danger"
        confirmDisabled={!pending?.usage || (used && !understood)}
        onConfirm={remove}
      >
        {!pending?.usage ? (
          <p role="status" className="text-sm text-muted">
            Checking the account&apos;s balance...
          </p>
        ) : used ? (
          <div className="space-y-3 rounded-md border border-red-300 bg-red-50 p-4 text-sm text-red-900" data-testid="account-usage">
            <p className="font-semibold">{accountUsageMessage(pending.usage, currency)}</p>
            <p>
              Deleting hides it from the chart and from new entries; its posted history stays in the reports. You can reactivate it later
              under Show inactive.
            </p>
            <CheckboxField
              id={`${toggleId}-understood`}
              tone="danger"
              labelClassName="font-medium"
              label={`Delete ${pending.account.account_code} ${pending.account.account_name} although it has a balance of ${balance(pending.usage.balance)}`}
              checked={understood}
              onChange={(e) => setUnderstood(e.target.checked)}
            />
          </div>
        ) : (
          <p className="text-sm text-muted">No journal entry uses it. You can reactivate it later under Show inactive.</p>
        )}
      </ConfirmDialog>
    </div>
  );
}
