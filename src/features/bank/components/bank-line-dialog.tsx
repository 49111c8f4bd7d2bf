import { useState, type ReactNode } from "react";
import { Button } from "~/ui/button.tsx";
import { Modal } from "~/ui/modal.tsx";
import type { AccountDto } from "~/features/ledger/ledger.types.ts";
import type { TaxCode } from "~/features/ledger/tax.types.ts";
import type { BankLine } from "../bank.types.ts";
import { lineSummary } from "./bank-line-text.ts";
import { useMoney } from "~/features/ledger/index.ts";

/** What a dialog posting a statement line to other accounts (in one step, or split) takes. */
export interface LinePostingProps {
  line: BankLine | null;
  accounts: AccountDto[];
  taxCodes: TaxCode[];
  /** The bank's own ledger account, not offered as the other side. */
  bankAccountId: number;
  /** The account page's action runs. */
  pending: boolean;
  onClose: () => void;
}

/** The accounts a line may be posted to: all but the bank's own. */
export const otherAccounts = ({ accounts, bankAccountId }: Pick<LinePostingProps, "accounts" | "bankAccountId">) =>
  accounts.filter((a) => a.id !== bankAccountId);

/**
 * A dialog about one statement line: its date, payee, text and amount said first, one field, then the action and Cancel.
 * `submit` answers the failure's text (shown on the field) or null, which closes it; `pending` while the page's
 * action runs (the button then says `busyLabel`).
 */
export function BankLineDialog({
  line,
  title,
  says,
  submitLabel,
  busyLabel,
  pending,
  onClose,
  submit,
  children,
}: {
  line: BankLine | null;
  title: string;
  /** What follows the line's date, payee, text and amount in the description. */
  says: string;
  submitLabel: string;
  busyLabel: string;
  pending: boolean;
  onClose: () => void;
  submit: (line: BankLine) => Promise<string | null>;
  children: (error: string | undefined, clearError: () => void) => ReactNode;
}) {
  const [error, setError] = useState<string | undefined>();
  const { money } = useMoney();
  const close = () => (setError(undefined), onClose());
  async function send() {
    if (!line) return;
    const failed = await submit(line);
    if (failed) setError(failed);
    else close();
  }
  return (
    <Modal
      open={line !== null}
      onOpenChange={(o) => !o && close()}
      title={title}
      description={line ? `${lineSummary(line, money)}: ${says}` : ""}
    >
      <div className="space-y-4">
        {children(error, () => setError(undefined))}
        <div className="flex gap-2">
          <Button onClick={send} disabled={pending}>
            {pending ? busyLabel : submitLabel}
          </Button>
          <Button variant="ghost" onClick={close}>
            Cancel
          </Button>
        </div>
      </div>
    </Modal>
  );
}
