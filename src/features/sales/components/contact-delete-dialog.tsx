import { ConfirmDialog } from "~/ui/confirm-dialog.tsx";
import { useAction } from "~/ui/use-action.ts";
import { useBooksOrgId } from "~/features/ledger/index.ts";
import { deleteContact } from "../contacts.api.ts";
import type { Contact } from "../sales.types.ts";

/**
 * Deleting a contact, asked first. Only a contact nothing uses can go: the server refuses one with documents or entries
 * (409), and its reason is the failure toast's text (merge such a contact instead).
 */
export function ContactDeleteDialog({
  contact,
  onOpenChange,
  onDeleted,
  leaves = false,
}: {
  /** The contact; null: closed. */
  contact: Contact | null;
  onOpenChange: (open: boolean) => void;
  onDeleted?: () => void;
  /** The screen leaves once it is deleted (the contact's own page): its data is not read again. */
  leaves?: boolean;
}) {
  const orgId = useBooksOrgId();
  const { act } = useAction();
  const remove = async () => {
    if (!contact) return false;
    const res = await act(() => deleteContact(orgId, contact.id), {
      failure: "Contact not deleted",
      success: `${contact.name} deleted`,
      changes: !leaves,
    });
    if (res.ok) onDeleted?.();
    // Closed either way: a refusal's reason is in the toast.
    return true;
  };
  return (
    <ConfirmDialog
      open={contact !== null}
      onOpenChange={onOpenChange}
      title={contact ? `Delete ${contact.name}?` : "Delete"}
      description="Only a contact with no documents and no entries can be deleted. A duplicate that has them is merged into the contact to keep instead."
      confirmLabel="Delete contact"
      busyLabel="Deleting..."
      variant="danger"
      onConfirm={remove}
    />
  );
}
