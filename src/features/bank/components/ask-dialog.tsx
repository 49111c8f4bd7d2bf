import { useState } from "react";
import { InputField } from "~/ui/field.tsx";
import type { BankLine } from "../bank.types.ts";
import { BankLineDialog } from "./bank-line-dialog.tsx";

/** A statement line sent to the organization's owners as a question, with an optional word from the bookkeeper. */
export function AskDialog({
  line,
  pending,
  onClose,
  onSubmit,
}: {
  line: BankLine | null;
  /** The account page's action runs. */
  pending: boolean;
  onClose: () => void;
  onSubmit: (line: BankLine, question: string) => Promise<string | null>;
}) {
  const [question, setQuestion] = useState("");
  return (
    <BankLineDialog
      line={line}
      pending={pending}
      title="Ask the client"
      says="the owners see it in their books and are mailed once a day at most."
      submitLabel="Send question"
      busyLabel="Sending..."
      onClose={() => (setQuestion(""), onClose())}
      submit={(l) => onSubmit(l, question)}
    >
      {(error, clearError) => (
        <InputField
          as="textarea"
          id="ask-question"
          label="Your question"
          optional
          rows={3}
          value={question}
          error={error}
          onChange={(e) => (setQuestion(e.target.value), clearError())}
        />
      )}
    </BankLineDialog>
  );
}
