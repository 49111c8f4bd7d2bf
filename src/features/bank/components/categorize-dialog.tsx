import { useState } from "react";
import { Button } from "~/ui/button.tsx";
import { FieldError } from "~/ui/field.tsx";
import type { BankLine } from "../bank.types.ts";
import { AccountCombobox } from "~/features/ledger/index.ts";
import { BankLineDialog, otherAccounts, type LinePostingProps } from "./bank-line-dialog.tsx";
import { TaxCodeSelect, taxCodeValue } from "./tax-code-select.tsx";

/**
 * A statement line posted in one step: the other account chosen, a tax code if it is taxed (the line's amount is then
 * the gross), the description taken from the bank's text. Split opens the split editor for the same line.
 */
export function CategorizeDialog({
  onSplit,
  onSubmit,
  ...posting
}: LinePostingProps & {
  onSplit: (line: BankLine) => void;
  onSubmit: (line: BankLine, accountId: number, taxCodeId: number | null) => Promise<string | null>;
}) {
  const { line, taxCodes, pending, onClose } = posting;
  const [accountId, setAccountId] = useState("");
  const [taxCode, setTaxCode] = useState("");
  const reset = () => (setAccountId(""), setTaxCode(""));
  return (
    <BankLineDialog
      line={line}
      pending={pending}
      title="Categorize"
      says="posted as an entry against the account you choose."
      submitLabel="Post entry"
      busyLabel="Posting..."
      onClose={() => (reset(), onClose())}
      submit={async (l) => {
        if (!accountId) return "Choose an account";
        const failed = await onSubmit(l, Number(accountId), taxCodeValue(taxCode));
        if (!failed) reset();
        return failed;
      }}
    >
      {(error, clearError) => (
        <>
          <div className="grid gap-4 sm:grid-cols-2 sm:items-start">
            <div>
              <AccountCombobox
                standalone
                id="categorize-account"
                label="Account"
                accounts={otherAccounts(posting)}
                value={accountId}
                onChange={(v) => (setAccountId(v), clearError())}
              />
              <FieldError id="categorize-account-error" message={error} />
            </div>
            <TaxCodeSelect
              id="categorize-tax-code"
              codes={taxCodes}
              chosen={taxCode}
              value={taxCode}
              onChange={(e) => (setTaxCode(e.target.value), clearError())}
            />
          </div>
          <p className="text-sm text-muted">
            Over several accounts or tax codes?{" "}
            <Button type="button" variant="ghost" size="sm" onClick={() => line && (reset(), onSplit(line))}>
              Split…
            </Button>
          </p>
        </>
      )}
    </BankLineDialog>
  );
}
