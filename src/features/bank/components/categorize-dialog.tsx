import { useState } from "react";
import { FieldError } from "~/ui/field.tsx";
import type { AccountDto } from "~/features/ledger/ledger.types.ts";
import type { BankLine } from "../bank.types.ts";
import { AccountCombobox } from "~/features/ledger/index.ts";
import { BankLineDialog } from "./bank-line-dialog.tsx";

/** A statement line posted in one step: the other account chosen, the description taken from the bank's text. */
export function CategorizeDialog({
  line,
  accounts,
  bankAccountId,
  pending,
  onClose,
  onSubmit,
}: {
  line: BankLine | null;
  accounts: AccountDto[];
  /** The bank's own ledger account, not offered as the other side. */
  bankAccountId: number;
  /** The account page's action runs. */
  pending: boolean;
  onClose: () => void;
  onSubmit: (line: BankLine, accountId: number) => Promise<string | null>;
}) {
  const [accountId, setAccountId] = useState("");
  return (
    <BankLineDialog
      line={line}
      pending={pending}
      title="Categorize"
      says="posted as an entry against the account you choose."
      submitLabel="Post entry"
      busyLabel="Posting..."
      onClose={() => (setAccountId(""), onClose())}
      submit={async (l) => (accountId ? onSubmit(l, Number(accountId)) : "Choose an account")}
    >
      {(error, clearError) => (
        <>
          <AccountCombobox
            standalone
            id="categorize-account"
            label="Account"
            accounts={accounts.filter((a) => a.id !== bankAccountId)}
            value={accountId}
            onChange={(v) => (setAccountId(v), clearError())}
          />
          <FieldError id="categorize-account-error" message={error} />
        </>
      )}
    </BankLineDialog>
  );
}
