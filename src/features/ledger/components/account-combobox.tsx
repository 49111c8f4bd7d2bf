import { useCombobox } from "downshift";
import { useMemo, useState, type ReactNode } from "react";
import { cn } from "~/ui/cn.ts";
import { ComboboxToggle, optionClass, pickerOptions, PickerInput } from "~/ui/combobox-parts.tsx";
import { filterAccounts } from "../entry-form.ts";
import type { AccountDto } from "../ledger.types.ts";
import { inputClass } from "~/ui/table.tsx";

const { stateChangeTypes } = useCombobox;

export const accountLabel = (a: AccountDto | null) => (a ? `${a.account_code} ${a.account_name}` : "");

/**
 * An account picker (WAI-ARIA combobox with a list box): type a code or part of a name to narrow the list,
 * arrows and Enter (or Tab) to pick, Escape to close the list. `value` is the account id as text, "" for none.
 */
export function AccountCombobox({
  id,
  label,
  accounts,
  value,
  onChange,
  standalone = false,
}: {
  id: string;
  label: ReactNode;
  /** A field of its own (a form's field), its label always shown; by default the label hides on wide screens, where a table's column heads name it. */
  standalone?: boolean;
  accounts: AccountDto[];
  value: string;
  onChange: (accountId: string) => void;
}) {
  const [query, setQuery] = useState<string | null>(null);
  const items = useMemo(() => filterAccounts(accounts, query ?? ""), [accounts, query]);
  const selectedItem = useMemo(() => accounts.find((a) => String(a.id) === value) ?? null, [accounts, value]);
  const { isOpen, highlightedIndex, getLabelProps, getInputProps, getMenuProps, getItemProps, getToggleButtonProps } =
    useCombobox<AccountDto>({
      items,
      selectedItem,
      ...pickerOptions(id, accountLabel),
      // What is typed narrows the list in the input's own change (below), in the same render as downshift's state:
      // this callback comes after that render, and an Enter pressed in between would pick from the list before it.
      // A pick, Escape or leaving the field puts the whole list back for the next opening.
      onInputValueChange: ({ type }) => {
        if (type !== stateChangeTypes.InputChange) setQuery(null);
      },
      onSelectedItemChange: ({ selectedItem: a }) => onChange(a ? String(a.id) : ""),
    });

  return (
    <div className="relative">
      <label
        {...getLabelProps()}
        className={standalone ? "block text-sm font-medium text-ink" : "mb-1 block text-xs font-medium text-muted lg:sr-only"}
      >
        {label}
      </label>
      <PickerInput
        inputProps={getInputProps({ placeholder: "Code or name", onChange: (e) => setQuery(e.currentTarget.value) })}
        className={cn(inputClass, "pr-9")}
        testId="account-input"
      >
        <ComboboxToggle {...getToggleButtonProps({ "aria-label": "Show accounts" })} isOpen={isOpen} />
      </PickerInput>
      <ul
        {...getMenuProps()}
        className={cn(
          "absolute left-0 z-20 mt-1 max-h-60 w-full min-w-[14rem] overflow-auto rounded-md border border-slate-300 bg-white py-1 shadow-lg",
          !(isOpen && items.length > 0) && "hidden",
        )}
      >
        {isOpen
          ? items.map((a, index) => (
              <li
                key={a.id}
                {...getItemProps({ item: a, index })}
                className={optionClass(highlightedIndex === index, selectedItem?.id === a.id)}
              >
                <span className="tabular-nums">{a.account_code}</span> {a.account_name}
              </li>
            ))
          : null}
      </ul>
      {isOpen && items.length === 0 ? (
        <p
          role="status"
          className="absolute left-0 z-20 mt-1 w-full min-w-[14rem] rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-muted shadow-lg"
        >
          No account matches “{query}”
        </p>
      ) : null}
    </div>
  );
}
