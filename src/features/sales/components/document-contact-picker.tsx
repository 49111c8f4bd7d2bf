import { useCombobox } from "downshift";
import { useEffect, useState } from "react";
import { cn } from "~/ui/cn.ts";
import { keepChosenItem } from "~/ui/combobox.ts";
import { FieldError, inputClass } from "~/ui/field.tsx";
import { listContacts } from "../contacts.api.ts";
import type { Contact } from "../sales.types.ts";

const { stateChangeTypes } = useCombobox;

/** How long typing pauses before the search is sent. */
const TYPING_PAUSE_MS = 200;

/** The part of a contact the picker shows and keeps. */
export type PickedContact = Pick<Contact, "id" | "name"> & Partial<Contact>;

const contactLabel = (c: PickedContact | null) => (c ? c.name : "");

/** Leaving the field without picking puts the chosen contact back; an emptied field clears it (the account picker's way). */
const stateReducer = keepChosenItem(contactLabel);

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
  const [failure, setFailure] = useState<string | null>(null);
  const { isOpen, highlightedIndex, getLabelProps, getInputProps, getMenuProps, getItemProps, getToggleButtonProps } =
    useCombobox<PickedContact>({
      items: found?.contacts ?? [],
      selectedItem: value,
      itemToString: contactLabel,
      itemToKey: (c) => c?.id ?? null,
      inputId: id,
      labelId: `${id}-label`,
      menuId: `${id}-list`,
      toggleButtonId: `${id}-toggle`,
      getItemId: (i) => `${id}-option-${i}`,
      defaultHighlightedIndex: 0,
      stateReducer,
      onInputValueChange: ({ type, inputValue }) => {
        if (type === stateChangeTypes.InputChange) setQuery(inputValue);
        else setQuery("");
      },
      onSelectedItemChange: ({ selectedItem }) => onChange((selectedItem as Contact | null) ?? null),
    });

  // Not useLoad: a search as it is typed (sent once typing pauses) that keeps the last list shown while the next runs.
  useEffect(() => {
    if (!isOpen) return;
    let live = true;
    const timer = setTimeout(() => {
      void listContacts(orgId, { q: query.trim() || undefined, role }).then((res) => {
        if (!live) return;
        setFailure(res.ok ? null : (Object.values(res.fields)[0] ?? res.message));
        if (res.ok) setFound({ query, contacts: res.data.contacts, more: res.data.page_count > 1 });
      });
    }, TYPING_PAUSE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [orgId, role, query, isOpen]);

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
      <div className="relative">
        {/* eslint-disable-next-line no-restricted-syntax -- raw control: downshift's combobox input (its label, list box and status come from getInputProps) */}
        <input
          {...getInputProps({
            placeholder: `Name or email of the ${who}`,
            autoComplete: "off",
            spellCheck: false,
            "aria-describedby": described,
            "aria-invalid": error ? true : undefined,
          })}
          className={cn(inputClass, "pr-9")}
        />
        <button
          {...getToggleButtonProps({ "aria-label": `Show ${who}s` })}
          type="button"
          className="absolute inset-y-0 right-0 mt-1 flex w-9 items-center justify-center rounded-r-md text-muted hover:text-ink"
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 20 20"
            className={cn("h-4 w-4 transition-transform", isOpen && "rotate-180")}
            fill="currentColor"
          >
            <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4z" />
          </svg>
        </button>
      </div>
      <ul
        {...getMenuProps()}
        className={cn(
          "absolute left-0 z-20 mt-1 max-h-72 w-full min-w-[16rem] overflow-auto rounded-md border border-slate-300 bg-white py-1 shadow-lg",
          !shown && "hidden",
        )}
      >
        {isOpen
          ? (found?.contacts ?? []).map((c, index) => (
              <li
                key={c.id}
                {...getItemProps({ item: c, index })}
                className={cn(
                  "cursor-pointer px-3 py-2 text-sm text-ink",
                  highlightedIndex === index && "bg-brand-100",
                  value?.id === c.id && "font-semibold",
                )}
              >
                <span className="block [overflow-wrap:anywhere]">{c.name}</span>
                {c.email ? <span className="block text-xs text-muted [overflow-wrap:anywhere]">{c.email}</span> : null}
              </li>
            ))
          : null}
      </ul>
      <p id={`${id}-status`} role="status" className={cn("text-xs", status && "mt-1", failure ? "text-red-700" : "text-muted")}>
        {status}
      </p>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
