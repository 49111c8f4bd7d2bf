import { useState } from "react";
import { InputField } from "~/ui/field.tsx";
import type { BankLine } from "../bank.types.ts";
import { BankLineDialog } from "./bank-line-dialog.tsx";

/**
 * A statement line set aside, with the reason asked (a duplicate of another line, another account's line): it stays
 * under "Excluded" and counts nowhere until brought back.
 */
export function ExcludeDialog({
  line,
  pending,
  onClose,
  onSubmit,
}: {
  line: BankLine | null;
  /** The account page's action runs. */
  pending: boolean;
  onClose: () => void;
  onSubmit: (line: BankLine, reason: string) => Promise<string | null>;
}) {
  const [reason, setReason] = useState("");
  return (
    <BankLineDialog
      line={line}
      pending={pending}
      title="Exclude this line"
      says="it stays under Excluded and counts nowhere (not to match, not in the reconciliation) until brought back."
      submitLabel="Exclude line"
      busyLabel="Excluding..."
      onClose={() => (setReason(""), onClose())}
      submit={(l) => onSubmit(l, reason)}
    >
      {(error, clearError) => (
        <InputField
          id="exclude-reason"
          label="Reason"
          hint="For example: the same payment as the CSV's line of 1 December"
          maxLength={500}
          value={reason}
          error={error}
          onChange={(e) => (setReason(e.target.value), clearError())}
        />
      )}
    </BankLineDialog>
  );
}
