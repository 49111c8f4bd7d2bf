import { useId, useState } from "react";
import { ConfirmDialog } from "~/ui/confirm-dialog.tsx";
import { CheckboxField } from "~/ui/field.tsx";
import { useAction } from "~/ui/use-action.ts";
import { useLoad } from "~/ui/use-load.ts";
import { accountUsageMessage } from "../accounts.ts";
import type { Account } from "../ledger.types.ts";
import { deactivateAccount, getAccountUsage } from "../ledger.api.ts";
import { useBooksOrgId, useMoney } from "./books-context.tsx";

/**
 * The question before an account is deleted (made inactive): it first reads what the account holds, and an account
 * with lines asks to tick that its balance is understood. `onDeleted` is told before the chart is read again.
 */
export function DeleteAccountDialog({
  account,
  onClose,
  onDeleted,
}: {
  account: Account | null;
  onClose: () => void;
  onDeleted: (account: Account) => void;
}) {
  const { balance, currency } = useMoney();
  const orgId = useBooksOrgId();
  const uid = useId();
  const { act } = useAction();
  /** Each question reads the account afresh, its box unticked. */
  const [ask, setAsk] = useState({ accountId: account?.id, count: 0, understood: false });
  if (ask.accountId !== account?.id) setAsk({ accountId: account?.id, count: ask.count + 1, understood: false });
  const usage = useLoad(
    account ? `${orgId}:${account.id}:${ask.count}` : null,
    async () => {
      const res = await getAccountUsage(orgId, account!.id);
      if (!res.ok) onClose();
      return res;
    },
    "Error",
  );
  const used = usage ? usage.posted_lines + usage.draft_lines > 0 : false;

  async function remove(): Promise<boolean> {
    if (!account) return false;
    const res = await act(
      async () => {
        const res = await deactivateAccount(orgId, account.id, used);
        if (res.ok) onDeleted(account);
        return res;
      },
      { failure: "Error", success: "Account deleted successfully" },
    );
    return res.ok;
  }

  return (
    <ConfirmDialog
      open={account !== null}
      onOpenChange={(o) => !o && onClose()}
      title={account ? `Delete account ${account.account_code} ${account.account_name}?` : "Delete account?"}
      description="Are you sure you want to delete this account?"
      confirmLabel="Delete Account"
      busyLabel="Deleting..."
      variant="danger"
      confirmDisabled={!usage || (used && !ask.understood)}
      onConfirm={remove}
    >
      {!account || !usage ? (
        <p role="status" className="text-sm text-muted">
          Checking the account&apos;s balance...
        </p>
      ) : used ? (
        <div className="space-y-3 rounded-md border border-red-300 bg-red-50 p-4 text-sm text-red-900" data-testid="account-usage">
          <p className="font-semibold">{accountUsageMessage(usage, currency)}</p>
          <p>
            Deleting hides it from the chart and from new entries; its posted history stays in the reports. You can reactivate it later
            under Show inactive.
          </p>
          <CheckboxField
            id={`${uid}-understood`}
            tone="danger"
            labelClassName="font-medium"
            label={`Delete ${account.account_code} ${account.account_name} although it has a balance of ${balance(usage.balance)}`}
            checked={ask.understood}
            onChange={(e) => setAsk({ ...ask, understood: e.target.checked })}
          />
        </div>
      ) : (
        <p className="text-sm text-muted">No journal entry uses it. You can reactivate it later under Show inactive.</p>
      )}
    </ConfirmDialog>
  );
}
