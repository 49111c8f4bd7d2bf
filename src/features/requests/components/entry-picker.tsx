import { useCombobox } from "downshift";
import { useState } from "react";
import { formatMoney } from "~/lib/format.ts";
import { cn } from "~/ui/cn.ts";
import { optionClass, pickerOptions, PickerInput, useTypedSearch } from "~/ui/combobox-parts.tsx";
import { inputClass } from "~/ui/field.tsx";
import { searchEntries } from "~/features/ledger/ledger.api.ts";
import { ENTRY_PICKER_SIZE } from "~/features/ledger/ledger.schema.ts";
import type { EntryListItem } from "~/features/ledger/ledger.types.ts";

const { stateChangeTypes } = useCombobox;

export const entryLabel = (e: EntryListItem | null) =>
  e ? `${e.entry_number}${e.status === "draft" ? " (draft)" : ""} · ${e.entry_date} · ${e.description}` : "";

type Found = { query: string; entries: EntryListItem[]; more: boolean } | null;

/** What the list says besides its entries: searching, nothing found, or that more match than are shown. */
function statusOf(found: Found): string {
  if (!found) return "Searching…";
  const q = found.query.trim();
  if (found.entries.length === 0) return q ? `No entry matches “${q}”` : "No entries in these books yet";
  return found.more ? `The newest ${found.entries.length} that match: add words, an amount or a date to find others` : "";
}

/**
 * A journal entry found as it is typed (WAI-ARIA combobox with a list box): words of its number, description or
 * reference, an amount (`1,234.50`, `1234.5`), a day (`2026-03-02`) or a range (`2026-03-01..2026-03-31`), searched by
 * the server over the whole journal (the journal's search, GET /entries), the newest 20 that match listed.
 */
export function EntryPicker({
  id,
  label,
  orgId,
  currency,
  value,
  onChange,
}: {
  id: string;
  label: string;
  orgId: number;
  currency: string;
  value: EntryListItem | null;
  onChange: (entry: EntryListItem | null) => void;
}) {
  const [query, setQuery] = useState("");
  const [found, setFound] = useState<Found>(null);
  const { isOpen, highlightedIndex, getLabelProps, getInputProps, getMenuProps, getItemProps } = useCombobox<EntryListItem>({
    items: found?.entries ?? [],
    selectedItem: value,
    ...pickerOptions(id, entryLabel),
    onInputValueChange: ({ type, inputValue }) => {
      if (type === stateChangeTypes.InputChange) setQuery(inputValue);
    },
    onSelectedItemChange: ({ selectedItem }) => onChange(selectedItem ?? null),
  });

  // Not useLoad: a search as it is typed that keeps the last list shown while the next search runs and tells a refused
  // search in the field's status line, not in a toast.
  const failure = useTypedSearch(
    isOpen,
    query,
    String(orgId),
    (q) => searchEntries(orgId, { q: q.trim() || undefined, limit: ENTRY_PICKER_SIZE }),
    (q, data) => setFound({ query: q, entries: data.entries, more: data.has_more }),
  );

  const status = !isOpen ? "" : (failure ?? statusOf(found));
  const shown = isOpen && (found?.entries.length ?? 0) > 0;
  return (
    <div className="w-full min-w-0 sm:w-auto sm:flex-1">
      <label {...getLabelProps()} className="block text-sm font-medium text-ink">
        {label}
      </label>
      <PickerInput
        inputProps={getInputProps({ placeholder: "Words, an amount or a date", "aria-describedby": `${id}-hint ${id}-status` })}
        className={cn(inputClass, "text-sm")}
      >
        <div
          className={cn(
            "absolute left-0 top-full z-20 mt-1 w-full min-w-[16rem] rounded-md border border-slate-300 bg-white shadow-lg",
            !shown && "hidden",
          )}
        >
          <ul {...getMenuProps()} className="max-h-72 overflow-auto py-1">
            {isOpen
              ? (found?.entries ?? []).map((e, index) => (
                  <li
                    key={e.id}
                    {...getItemProps({ item: e, index })}
                    className={optionClass(highlightedIndex === index, value?.id === e.id, "flex flex-wrap justify-between gap-x-3")}
                  >
                    <span className="min-w-0 [overflow-wrap:anywhere]">{entryLabel(e)}</span>
                    <span className="tabular-nums">{formatMoney(e.total_amount, currency)}</span>
                  </li>
                ))
              : null}
          </ul>
          {found?.more ? (
            <p aria-hidden="true" className="border-t border-slate-200 px-3 py-2 text-xs text-muted">
              {status}
            </p>
          ) : null}
        </div>
      </PickerInput>
      <p id={`${id}-status`} role="status" className={cn("mt-1 text-xs", failure ? "text-red-700" : "text-muted")}>
        {status}
      </p>
      <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
        An amount (1,234.50), a day (2026-03-02) or days (2026-03-01..2026-03-31), or words of the entry.
      </p>
    </div>
  );
}
