import { useRef } from "react";
import * as Dialog from "@radix-ui/react-dialog";
import { Button } from "~/ui/button.tsx";

/** Asks before an entry with unsaved changes is closed; "Keep editing" has the focus and Escape means keep. */
export function DiscardConfirm({ open, onKeep, onDiscard }: { open: boolean; onKeep: () => void; onDiscard: () => void }) {
  const keep = useRef<HTMLButtonElement>(null);
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onKeep()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[60] bg-slate-900/40" />
        <Dialog.Content
          role="alertdialog"
          onOpenAutoFocus={(e) => {
            e.preventDefault();
            keep.current?.focus();
          }}
          className="fixed left-1/2 top-1/2 z-[70] w-[90vw] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl"
        >
          <Dialog.Title className="text-lg font-semibold text-ink">Discard this entry?</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-muted">What you typed has not been saved and will be lost.</Dialog.Description>
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <Button ref={keep} variant="secondary" onClick={onKeep}>
              Keep editing
            </Button>
            <Button variant="danger" onClick={onDiscard}>
              Discard entry
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
