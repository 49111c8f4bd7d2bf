import * as Dialog from "@radix-ui/react-dialog";
import { useRef, useState, type ReactNode, type RefObject } from "react";
import { Button, type ButtonVariant } from "~/ui/button.tsx";
import { cn } from "~/ui/cn.ts";

export const inputClass =
  "block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-sm text-ink shadow-sm focus:border-brand-600 disabled:bg-slate-100 read-only:bg-slate-100";
export const labelClass = "mb-1 block text-sm font-medium text-ink";
export const thClass = "px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-muted";
export const tdClass = "px-3 py-2 text-sm text-ink";

/** A modal dialog with a title, a description and a close button (Radix: focus trap, Escape, labelled). */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  children,
  wide,
  initialFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  children: ReactNode;
  wide?: boolean;
  /** Element focused on opening (default: the first focusable one). */
  initialFocus?: RefObject<HTMLElement | null>;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content
          onOpenAutoFocus={(e) => {
            if (!initialFocus?.current) return;
            e.preventDefault();
            initialFocus.current.focus();
          }}
          className={cn(
            "fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[95vw] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-6 shadow-xl",
            wide ? "max-w-5xl" : "max-w-2xl",
          )}
        >
          <div className="mb-4 flex items-start justify-between gap-4">
            <div>
              <Dialog.Title className="text-xl font-semibold text-ink">{title}</Dialog.Title>
              <Dialog.Description className="mt-1 text-sm text-muted">{description}</Dialog.Description>
            </div>
            <Dialog.Close className="rounded-md px-2 py-1 text-2xl leading-none text-muted hover:bg-slate-100" aria-label="Close">
              ×
            </Dialog.Close>
          </div>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/**
 * A question before an action that cannot be taken back, in the one modal shell. Cancel has the focus;
 * the action button shows `busyLabel` while it runs and the dialog closes when it succeeds.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  confirmLabel,
  busyLabel,
  variant = "primary",
  confirmDisabled,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  children?: ReactNode;
  confirmLabel: string;
  busyLabel: string;
  variant?: ButtonVariant;
  confirmDisabled?: boolean;
  /** Resolves true when the action succeeded (the dialog then closes). */
  onConfirm: () => Promise<boolean>;
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
    <Modal open={open} onOpenChange={(o) => !busy && onOpenChange(o)} title={title} description={description} initialFocus={cancel}>
      {children}
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        <Button ref={cancel} variant="ghost" disabled={busy} onClick={() => onOpenChange(false)}>
          Cancel
        </Button>
        <Button variant={variant} disabled={busy || confirmDisabled} onClick={() => void confirm()}>
          {busy ? busyLabel : confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}

/** Draft, Posted, or Reversed (a posted entry another entry has reversed). */
export function StatusBadge({ status, reversed = false }: { status: "draft" | "posted"; reversed?: boolean }) {
  const label = status === "draft" ? "Draft" : reversed ? "Reversed" : "Posted";
  return (
    <span
      className={cn(
        "inline-block rounded-full px-2 py-0.5 text-xs font-semibold",
        status === "draft" ? "bg-amber-100 text-amber-900" : reversed ? "bg-slate-200 text-slate-800" : "bg-green-100 text-green-900",
      )}
    >
      {label}
    </span>
  );
}
