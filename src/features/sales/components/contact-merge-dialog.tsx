import { useId, useState } from "react";
import { ConfirmDialog } from "~/ui/confirm-dialog.tsx";
import { InputField } from "~/ui/field.tsx";
import { useAction } from "~/ui/use-action.ts";
import { useLoad } from "~/ui/use-load.ts";
import { useBooksOrgId } from "~/features/ledger/index.ts";
import { listContacts, mergeContact } from "../contacts.api.ts";
import type { Contact } from "../sales.types.ts";
import { roleText } from "./contact-parts.tsx";

/**
 * "Merge into…": the duplicate `contact` is merged into the contact chosen to keep (searched by name or email). Its
 * documents, entries and payments keep their rows and are read as the kept contact's from then on, so no history is
 * lost; its drafts move to the kept contact. `onMerged` gets the kept contact.
 */
export function ContactMergeDialog({
  contact,
  onOpenChange,
  onMerged,
  leaves = false,
}: {
  /** The duplicate; null: closed. */
  contact: Contact | null;
  onOpenChange: (open: boolean) => void;
  onMerged?: (kept: Contact) => void;
  /** The screen leaves once merged (the duplicate's own page, for the kept contact's): its data is not read again. */
  leaves?: boolean;
}) {
  const orgId = useBooksOrgId();
  const uid = useId();
  const [search, setSearch] = useState("");
  const [keep, setKeep] = useState<number | null>(null);
  const [error, setError] = useState<string | undefined>();
  const { act } = useAction();
  const q = search.trim();
  const found = useLoad(contact ? `merge:${contact.id}:${q}` : null, () => listContacts(orgId, q ? { q } : {}), "Contacts not loaded");
  const choices = (found?.contacts ?? []).filter((c) => c.id !== contact?.id);
  const chosen = choices.find((c) => c.id === keep) ?? null;
  const close = (open: boolean) => {
    if (!open) {
      setSearch("");
      setKeep(null);
      setError(undefined);
    }
    onOpenChange(open);
  };
  const merge = async () => {
    if (!contact) return false;
    if (!chosen) {
      setError("Choose the contact to keep");
      return false;
    }
    const res = await act(() => mergeContact(orgId, contact.id, chosen.id), {
      failure: "Not merged",
      success: (d) => `${contact.name} merged into ${d.contact.name}`,
      changes: !leaves,
    });
    if (!res.ok) {
      setError(res.fields.into_id);
      return false;
    }
    setSearch("");
    setKeep(null);
    onMerged?.(res.data.contact);
    return true;
  };
  return (
    <ConfirmDialog
      open={contact !== null}
      onOpenChange={close}
      title={contact ? `Merge ${contact.name} into another contact` : "Merge"}
      description="Choose the contact to keep. The history is kept: this contact's invoices, bills, payments and entries stay as they are and count as the kept contact's, in its balances, open items and statements; its drafts move to it. The merge cannot be undone."
      confirmLabel="Merge"
      busyLabel="Merging..."
      onConfirm={merge}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField
          id={`${uid}-search`}
          label="Find the contact to keep"
          type="search"
          hint="Name or email"
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setKeep(null);
          }}
        />
        <InputField
          as="select"
          id={`${uid}-keep`}
          label="Contact to keep"
          value={keep ?? ""}
          error={error}
          onChange={(e) => {
            setKeep(e.target.value ? Number(e.target.value) : null);
            setError(undefined);
          }}
        >
          <option value="">{found ? (choices.length ? "Choose a contact" : "No contact found") : "Loading..."}</option>
          {choices.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
              {c.email ? ` (${c.email})` : ""}
            </option>
          ))}
        </InputField>
      </div>
      {chosen && contact ? (
        <p className="mt-4 text-sm text-ink" role="status">
          {contact.name} ({roleText(contact)}) will be read as {chosen.name} ({roleText(chosen)}) from now on.
        </p>
      ) : null}
    </ConfirmDialog>
  );
}
