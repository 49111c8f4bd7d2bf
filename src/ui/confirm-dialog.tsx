import { useRef, useState, type ReactNode } from "react";
import { Button, type ButtonVariant } from "./button.tsx";
import { Modal } from "./modal.tsx";

/**
 * The one question before an action, in the one modal shell (an alert dialog). The cancel button has the focus and
 * Escape means cancel; the action button shows `busyLabel` while it runs, and the dialog closes when it succeeds.
 * A question asked in front of a form (`closeOnRefusal`: "Post this entry?" over the entry's form) closes on a refusal
 * too, since the refusal is told on the form behind it (under its field, and in the toast), which it would hide.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  confirmLabel,
  busyLabel,
  cancelLabel = "Cancel",
  variant = "primary",
  confirmDisabled,
  trigger,
  closeOnRefusal = false,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  children?: ReactNode;
  confirmLabel: string;
  /** Shown on the action button while `onConfirm` runs (default: `confirmLabel`). */
  busyLabel?: string;
  cancelLabel?: string;
  variant?: ButtonVariant;
  confirmDisabled?: boolean;
  /** The button that opens it (focus returns to it on closing). */
  trigger?: ReactNode;
  /**
   * The refusal is told on the form behind the question (its fields, the toast), not in the question: it closes once
   * the action is answered, done or refused. Without it a refusal leaves the question open (its own fields say why).
   */
  closeOnRefusal?: boolean;
  /** Resolves true when the action succeeded (the dialog then closes), false when it was refused. */
  onConfirm: () => Promise<boolean> | boolean;
}) {
  const cancel = useRef<HTMLButtonElement>(null);
  const [busy, setBusy] = useState(false);
  async function confirm() {
    setBusy(true);
    try {
      if ((await onConfirm()) || closeOnRefusal) onOpenChange(false);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Modal
      open={open}
      onOpenChange={(o) => !busy && onOpenChange(o)}
      title={title}
      description={description}
      initialFocus={cancel}
      trigger={trigger}
      role="alertdialog"
    >
      {children}
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        <Button ref={cancel} variant={variant === "danger" ? "secondary" : "ghost"} disabled={busy} onClick={() => onOpenChange(false)}>
          {cancelLabel}
        </Button>
        <Button variant={variant} disabled={busy || confirmDisabled} onClick={() => void confirm()}>
          {busy ? (busyLabel ?? confirmLabel) : confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}
