import { useState } from "react";
import { InputField } from "~/ui/field.tsx";
import type { BankLine } from "../bank.types.ts";
import { BankLineDialog } from "./bank-line-dialog.tsx";

/** What a one-field dialog on a statement line says: its title, what follows, its button before and while it runs. */
export interface LineTextDialogTexts {
  title: string;
  says: string;
  submitLabel: string;
  busyLabel: string;
}

/**
 * A statement line and one text to send with it (a question to the client, the reason a line is set aside): the text
 * is kept while the dialog is open and cleared when it closes; the server's refusal is shown under the field.
 */
export function BankLineTextDialog({
  line,
  pending,
  onClose,
  onSubmit,
  texts,
  field,
}: {
  line: BankLine | null;
  /** The account page's action runs. */
  pending: boolean;
  onClose: () => void;
  onSubmit: (line: BankLine, text: string) => Promise<string | null>;
  texts: LineTextDialogTexts;
  /** The field: a line of text (up to `maxLength`), or several (`rows`). */
  field: { id: string; label: string; hint?: string; optional?: boolean; rows?: number; maxLength?: number };
}) {
  const [text, setText] = useState("");
  return (
    <BankLineDialog line={line} pending={pending} {...texts} onClose={() => (setText(""), onClose())} submit={(l) => onSubmit(l, text)}>
      {(error, clearError) => {
        const shared = { id: field.id, label: field.label, hint: field.hint, optional: field.optional, value: text, error };
        const change = (value: string) => (setText(value), clearError());
        return field.rows ? (
          <InputField {...shared} as="textarea" rows={field.rows} onChange={(e) => change(e.target.value)} />
        ) : (
          <InputField {...shared} maxLength={field.maxLength} onChange={(e) => change(e.target.value)} />
        );
      }}
    </BankLineDialog>
  );
}

type LineDialogProps = {
  line: BankLine | null;
  pending: boolean;
  onClose: () => void;
  onSubmit: (line: BankLine, text: string) => Promise<string | null>;
};

/** A statement line sent to the organization's owners as a question, with an optional word from the bookkeeper. */
export function AskDialog(props: LineDialogProps) {
  return (
    <BankLineTextDialog
      {...props}
      texts={{
        title: "Ask the client",
        says: "the owners see it in their books and are mailed once a day at most.",
        submitLabel: "Send question",
        busyLabel: "Sending...",
      }}
      field={{ id: "ask-question", label: "Your question", optional: true, rows: 3 }}
    />
  );
}

/**
 * A statement line set aside, with the reason asked (a duplicate of another line, another account's line): it stays
 * under "Excluded" and counts nowhere until brought back.
 */
export function ExcludeDialog(props: LineDialogProps) {
  return (
    <BankLineTextDialog
      {...props}
      texts={{
        title: "Exclude this line",
        says: "it stays under Excluded and counts nowhere (not to match, not in the reconciliation) until brought back.",
        submitLabel: "Exclude line",
        busyLabel: "Excluding...",
      }}
      field={{
        id: "exclude-reason",
        label: "Reason",
        hint: "For example: the same payment as the CSV's line of 1 December",
        maxLength: 500,
      }}
    />
  );
}
