import { useState } from "react";
import { toast } from "sonner";
import { Button } from "~/ui/button.tsx";
import type { AccountCreate } from "../accounting.schema.ts";
import { AccountForm } from "./account-form.tsx";
import { api, type AccountDto } from "./accounting-api.ts";
import { tdClass, thClass } from "./ui.tsx";

export function ChartOfAccountsTab({ accounts, canWrite, reload }: { accounts: AccountDto[]; canWrite: boolean; reload: () => Promise<void> }) {
  const [editing, setEditing] = useState<AccountDto | null>(null);

  async function save(values: AccountCreate): Promise<boolean> {
    try {
      // The list is reloaded before the success message, so that the message means the work is done.
      if (editing) {
        await api(`/accounts/${editing.id}`, { method: "PATCH", json: { account_name: values.account_name, account_type: values.account_type } });
        await reload();
        toast.success("Account updated successfully");
        setEditing(null);
      } else {
        await api("/accounts", { json: values });
        await reload();
        toast.success("Account created successfully");
      }
      return true;
    } catch (err) {
      toast.error("Error", { description: (err as Error).message || "Failed to save account" });
      return false;
    }
  }

  async function remove(account: AccountDto) {
    if (!window.confirm("Are you sure you want to delete this account?")) return;
    try {
      await api(`/accounts/${account.id}`, { method: "DELETE" });
      toast.success("Account deleted successfully");
      if (editing?.id === account.id) setEditing(null);
      await reload();
    } catch (err) {
      toast.error("Error", { description: (err as Error).message || "Failed to delete account" });
    }
  }

  return (
    <div className="space-y-6">
      {canWrite ? <AccountForm editing={editing} onSubmit={save} onCancel={() => setEditing(null)} /> : null}
      <div className="overflow-x-auto rounded-lg border border-slate-200">
        <table className="min-w-full divide-y divide-slate-200">
          <caption className="sr-only">Active accounts, ordered by code</caption>
          <thead className="bg-slate-50">
            <tr>
              <th scope="col" className={thClass}>Code</th>
              <th scope="col" className={thClass}>Name</th>
              <th scope="col" className={thClass}>Type</th>
              {canWrite ? <th scope="col" className={thClass}>Actions</th> : null}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {accounts.length === 0 ? (
              <tr>
                <td colSpan={4} className={`${tdClass} text-muted`}>No accounts yet.</td>
              </tr>
            ) : (
              accounts.map((a) => (
                <tr key={a.id} data-testid="account-row">
                  <td className={`${tdClass} font-mono`}>{a.account_code}</td>
                  <td className={tdClass}>{a.account_name}</td>
                  <td className={tdClass}>{a.account_type}</td>
                  {canWrite ? (
                    <td className={`${tdClass} space-x-2 whitespace-nowrap`}>
                      <Button size="sm" variant="secondary" onClick={() => setEditing(a)} aria-label={`Edit account ${a.account_code}`}>
                        Edit
                      </Button>
                      <Button size="sm" variant="danger" onClick={() => void remove(a)} aria-label={`Delete account ${a.account_code}`}>
                        Delete
                      </Button>
                    </td>
                  ) : null}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </div>
  );
}
