import { useEffect, useState } from "react";
import { ConfirmDialog } from "~/ui/confirm-dialog.tsx";

/**
 * Closing a dialog that holds typed work (a journal entry, a recurring entry). `requestClose` (Cancel) and
 * `onModalOpenChange` (the modal's Escape, click outside and close button) do nothing while it saves, and ask first
 * when something typed would be lost (`dirty`); Escape in an open account list closes that list only. The question
 * is a `DiscardDialog` given `discard`.
 */
export function useDiscardGuard({
  open,
  dirty,
  saving,
  onOpenChange,
}: {
  open: boolean;
  dirty: boolean;
  saving: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [asking, setAsking] = useState(false);
  useEffect(() => {
    if (open) setAsking(false);
  }, [open]);

  function requestClose() {
    if (saving) return;
    if (dirty) setAsking(true);
    else onOpenChange(false);
  }

  function onModalOpenChange(next: boolean) {
    if (next) return onOpenChange(true);
    const active = document.activeElement;
    if (active?.getAttribute("role") === "combobox" && active.getAttribute("aria-expanded") === "true") return;
    requestClose();
  }

  const discard = {
    open: asking,
    onOpenChange: setAsking,
    onConfirm: () => {
      onOpenChange(false);
      return true;
    },
  };
  return { requestClose, onModalOpenChange, discard };
}

/** The question before closing on typed work: discarding it closes the dialog; "Keep editing" goes back to it. */
export function DiscardDialog({
  discard,
  title,
  confirmLabel,
}: {
  discard: ReturnType<typeof useDiscardGuard>["discard"];
  title: string;
  confirmLabel: string;
}) {
  return (
    <ConfirmDialog
      {...discard}
      title={title}
      description="What you typed has not been saved and will be lost."
      cancelLabel="Keep editing"
      confirmLabel={confirmLabel}
      variant="danger"
    />
  );
}
