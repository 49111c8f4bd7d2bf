import { useCombobox } from "downshift";
import { useState } from "react";
import { cn } from "~/ui/cn.ts";
import { ComboboxToggle, optionClass, pickerOptions, PickerInput, useTypedSearch } from "~/ui/combobox-parts.tsx";
import { FieldNotes, inputClass } from "~/ui/field.tsx";
import { listContacts } from "../contacts.api.ts";
import type { Contact } from "../sales.types.ts";

const { stateChangeTypes } = useCombobox;

/** The part of a contact the picker shows and keeps. */
export type PickedContact = Pick<Contact, "id" | "name"> & Partial<Contact>;

const contactLabel = (c: PickedContact | null) => (c ? c.name : "");

type Found = { query: string; contacts: Contact[]; more: boolean } | null;

/**
 * A customer or a supplier found as it is typed (WAI-ARIA combobox with a list box): words of the name or the email,
 * searched by the server (GET /contacts?role=…&q=…), the first 50 by name listed. `role` limits it to customers or
 * suppliers. `value` is the chosen contact (null: none); `onChange` gets the whole contact, its defaults included.
 */
export function ContactPicker({
  id,
  label,
  orgId,
  role,
  value,
  onChange,
  error,
  hint,
}: {
  id: string;
  label: string;
  orgId: number;
  role: "customer" | "supplier";
  value: PickedContact | null;
  onChange: (contact: Contact | null) => void;
  error?: string;
  hint?: string;
}) {
  const [query, setQuery] = useState("");
  const [found, setFound] = useState<Found>(null);
  const { isOpen, highlightedIndex, getLabelProps, getInputProps, getMenuProps, getItemProps, getToggleButtonProps } =
    useCombobox<PickedContact>({
      items: found?.contacts ?? [],
      selectedItem: value,
      ...pickerOptions(id, contactLabel),
      onInputValueChange: ({ type, inputValue }) => {
        if (type === stateChangeTypes.InputChange) setQuery(inputValue);
        else setQuery("");
      },
      onSelectedItemChange: ({ selectedItem }) => onChange((selectedItem as Contact | null) ?? null),
    });

  // Not useLoad: a search as it is typed that keeps the last list shown while the next runs.
  const failure = useTypedSearch(
    isOpen,
    query,
    `${orgId}:${role}`,
    (q) => listContacts(orgId, { q: q.trim() || undefined, role }),
    (q, data) => setFound({ query: q, contacts: data.contacts, more: data.page_count > 1 }),
  );

  const who = role === "customer" ? "customer" : "supplier";
  const q = found?.query.trim() ?? "";
  const status = !isOpen
    ? ""
    : (failure ??
      (!found
        ? "Searching…"
        : found.contacts.length === 0
          ? q
            ? `No ${who} matches “${q}”`
            : `No ${who}s yet: add one under Contacts`
          : found.more
            ? `The first ${found.contacts.length} by name: type more of the name to find others`
            : ""));
  const shown = isOpen && (found?.contacts.length ?? 0) > 0;
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null, `${id}-status`].filter(Boolean).join(" ");
  return (
    <div className="relative">
      <label {...getLabelProps()} className="block text-sm font-medium text-ink">
        {label}
      </label>
      <PickerInput
        inputProps={getInputProps({
          placeholder: `Name or email of the ${who}`,
          "aria-describedby": described,
          "aria-invalid": error ? true : undefined,
        })}
        className={cn(inputClass, "pr-9")}
      >
        <ComboboxToggle {...getToggleButtonProps({ "aria-label": `Show ${who}s` })} isOpen={isOpen} className="mt-1" />
      </PickerInput>
      <ul
        {...getMenuProps()}
        className={cn(
          "absolute left-0 z-20 mt-1 max-h-72 w-full min-w-[16rem] overflow-auto rounded-md border border-slate-300 bg-white py-1 shadow-lg",
          !shown && "hidden",
        )}
      >
        {isOpen
          ? (found?.contacts ?? []).map((c, index) => (
              <li key={c.id} {...getItemProps({ item: c, index })} className={optionClass(highlightedIndex === index, value?.id === c.id)}>
                <span className="block [overflow-wrap:anywhere]">{c.name}</span>
                {c.email ? <span className="block text-xs text-muted [overflow-wrap:anywhere]">{c.email}</span> : null}
              </li>
            ))
          : null}
      </ul>
      <p id={`${id}-status`} role="status" className={cn("text-xs", status && "mt-1", failure ? "text-red-700" : "text-muted")}>
        {status}
      </p>
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}
