import { useState } from "react";
import { Button } from "~/ui/button.tsx";
import { InputField } from "~/ui/field.tsx";
import { Modal } from "~/ui/modal.tsx";
import type { BankLine } from "../bank.types.ts";
import { formatAmount } from "../money.ts";

/** A statement line sent to the organization's owners as a question, with an optional word from the bookkeeper. */
export function AskDialog({
  line,
  currency,
  onClose,
  onSubmit,
}: {
  line: BankLine | null;
  currency: string;
  onClose: () => void;
  onSubmit: (line: BankLine, question: string) => Promise<string | null>;
}) {
  const [question, setQuestion] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const close = () => (setQuestion(""), setError(undefined), onClose());
  async function submit() {
    if (!line) return;
    setBusy(true);
    const failed = await onSubmit(line, question);
    setBusy(false);
    if (failed) setError(failed);
    else close();
  }
  return (
    <Modal
      open={line !== null}
      onOpenChange={(o) => !o && close()}
      title="Ask the client"
      description={
        line
          ? `${line.date} · ${line.description} · ${formatAmount(line.amount, currency)}: the owners see it in their books and are mailed once a day at most.`
          : ""
      }
    >
      <div className="space-y-4">
        <InputField
          as="textarea"
          id="ask-question"
          label="Your question"
          optional
          rows={3}
          value={question}
          error={error}
          onChange={(e) => (setQuestion(e.target.value), setError(undefined))}
        />
        <div className="flex gap-2">
          <Button onClick={submit} disabled={busy}>
            {busy ? "Sending..." : "Send question"}
          </Button>
          <Button variant="ghost" onClick={close}>
            Cancel
          </Button>
        </div>
      </div>
    </Modal>
  );
}
