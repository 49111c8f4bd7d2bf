import { useState } from "react";
import { Button } from "~/ui/button.tsx";
import { FieldError } from "~/ui/field.tsx";
import { Modal } from "~/ui/modal.tsx";
import type { AccountDto } from "../accounting.types.ts";
import type { BankLine } from "../bank.types.ts";
import { formatAmount } from "../money.ts";
import { AccountCombobox } from "./account-combobox.tsx";

/** A statement line posted in one step: the other account chosen, the description taken from the bank's text. */
export function CategorizeDialog({
  line,
  currency,
  accounts,
  bankAccountId,
  onClose,
  onSubmit,
}: {
  line: BankLine | null;
  currency: string;
  accounts: AccountDto[];
  /** The bank's own ledger account, not offered as the other side. */
  bankAccountId: number;
  onClose: () => void;
  onSubmit: (line: BankLine, accountId: number) => Promise<string | null>;
}) {
  const [accountId, setAccountId] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const close = () => (setAccountId(""), setError(undefined), onClose());
  async function submit() {
    if (!line) return;
    if (!accountId) return setError("Choose an account");
    setBusy(true);
    const failed = await onSubmit(line, Number(accountId));
    setBusy(false);
    if (failed) setError(failed);
    else close();
  }
  return (
    <Modal
      open={line !== null}
      onOpenChange={(o) => !o && close()}
      title="Categorize"
      description={
        line
          ? `${line.date} · ${line.description} · ${formatAmount(line.amount, currency)}: posted as an entry against the account you choose.`
          : ""
      }
    >
      <div className="space-y-4">
        <AccountCombobox
          standalone
          id="categorize-account"
          label="Account"
          accounts={accounts.filter((a) => a.id !== bankAccountId)}
          value={accountId}
          onChange={(v) => (setAccountId(v), setError(undefined))}
        />
        <FieldError id="categorize-account-error" message={error} />
        <div className="flex gap-2">
          <Button onClick={submit} disabled={busy}>
            {busy ? "Posting..." : "Post entry"}
          </Button>
          <Button variant="ghost" onClick={close}>
            Cancel
          </Button>
        </div>
      </div>
    </Modal>
  );
}
