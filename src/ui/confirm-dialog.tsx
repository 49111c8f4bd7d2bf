import { useRef, useState, type ReactNode } from "react";
import { Button, type ButtonVariant } from "./button.tsx";
import { Modal } from "./modal.tsx";

/**
 * The one question before an action, in the one modal shell (an alert dialog). The cancel button has the focus and
 * Escape means cancel; the action button shows `busyLabel` while it runs, and the dialog closes when it succeeds.
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
  /** Resolves true when the action succeeded (the dialog then closes). */
  onConfirm: () => Promise<boolean> | boolean;
}) {
  const cancel = useRef<HTMLButtonElement>(null);
  const [busy, setBusy] = useState(false);
  async function confirm() {
    setBusy(true);
    try {
      if (await onConfirm()) onOpenChange(false);
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
