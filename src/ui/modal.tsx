import * as Dialog from "@radix-ui/react-dialog";
import type { ReactNode, RefObject } from "react";
import { cn } from "./cn.ts";

/** The one modal shell: a dialog with a title, a description and a close button (Radix: focus trap, Escape, labelled). */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  children,
  wide,
  initialFocus,
  trigger,
  closeButton = true,
  dismissOnOutsideClick = true,
  role = "dialog",
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  children: ReactNode;
  wide?: boolean;
  /** Element focused on opening (default: the first focusable one). */
  initialFocus?: RefObject<HTMLElement | null>;
  /** The button that opens it (focus returns to it on closing). */
  trigger?: ReactNode;
  /** The × in the corner (default shown). */
  closeButton?: boolean;
  /** A click outside closes it (default); off for a form whose typing would be lost. */
  dismissOnOutsideClick?: boolean;
  /** "alertdialog" for a question that interrupts (src/ui/confirm-dialog.tsx). */
  role?: "dialog" | "alertdialog";
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger ? <Dialog.Trigger asChild>{trigger}</Dialog.Trigger> : null}
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content
          role={role}
          onInteractOutside={dismissOnOutsideClick ? undefined : (e) => e.preventDefault()}
          onOpenAutoFocus={(e) => {
            if (!initialFocus?.current) return;
            e.preventDefault();
            initialFocus.current.focus();
          }}
          className={cn(
            // Centred in the viewport above its bottom 8rem, which stays free for the toasts (bottom offset 12 px in
            // src/app/root.tsx; a toast with a two-line description, and the edges of two behind it, fit in it): a toast
            // shown while a dialog is open never covers its buttons.
            "fixed left-1/2 top-[calc(50%-4rem)] z-50 max-h-[calc(100dvh-9rem)] w-[95vw] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-4 shadow-xl sm:p-6",
            wide ? "max-w-5xl" : "max-w-2xl",
          )}
        >
          <div className="mb-4 flex items-start justify-between gap-4">
            <div>
              <Dialog.Title className="text-xl font-semibold text-ink">{title}</Dialog.Title>
              <Dialog.Description className="mt-1 text-sm text-muted">{description}</Dialog.Description>
            </div>
            {closeButton ? (
              <Dialog.Close className="rounded-md px-2 py-1 text-2xl leading-none text-muted hover:bg-slate-100" aria-label="Close">
                ×
              </Dialog.Close>
            ) : null}
          </div>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
