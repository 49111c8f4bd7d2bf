import type { UseFormRegister, UseFormSetValue } from "react-hook-form";
import type { EntryFormLine, EntryLinesValues } from "../entry-form.ts";
import { AccountCombobox } from "./account-combobox.tsx";
import { RemoveLineButton } from "./remove-line-button.tsx";
import type { AccountDto } from "../ledger.types.ts";
import type { TaxCode } from "../tax.types.ts";
import { LineAmount, LineTaxCode, smallLabel } from "./entry-line-fields.tsx";
import { inputClass } from "~/ui/table.tsx";

/** Removes the line that holds the focus, as its Remove button does (those buttons are left out of the Tab order). */
const REMOVE_SHORTCUT = "Control+Shift+Backspace";

/** The columns on wide screens: with a tax code when the form offers codes. */
const COLUMNS = "lg:grid-cols-[minmax(0,5fr)_minmax(0,4fr)_9rem_9rem_5.5rem]";
const TAX_COLUMNS = "lg:grid-cols-[minmax(0,5fr)_minmax(0,3fr)_9rem_9rem_9rem_5.5rem]";
const SIDES = ["debit", "credit"] as const;

/**
 * The entry's lines: account, description, debit, credit, and a Remove button each (a card per line on narrow
 * screens). `keys` stay with their lines when lines above them are removed; `lines` are the values as typed. With
 * `taxCodes` (the entry form, when the organization has codes), each line has a tax code.
 */
export function EntryLines({
  keys,
  lines,
  accounts,
  lineId,
  register,
  setValue,
  removeLine,
  onTabFromLastLine,
  taxCodes,
}: {
  keys: string[];
  lines: EntryFormLine[];
  accounts: AccountDto[];
  lineId: (key: string, field: string) => string;
  register: UseFormRegister<EntryLinesValues>;
  setValue: UseFormSetValue<EntryLinesValues>;
  removeLine: (index: number) => void;
  /** Tab pressed in the last line's credit: true when it opened a new line (the Tab is then consumed). */
  onTabFromLastLine: () => boolean;
  taxCodes?: TaxCode[];
}) {
  const taxed = taxCodes !== undefined && taxCodes.length > 0;
  const columns = taxed ? TAX_COLUMNS : COLUMNS;
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-semibold text-ink">Lines</legend>
      <div
        aria-hidden="true"
        className={`hidden gap-2 px-1 pb-1 text-xs font-semibold uppercase tracking-wide text-muted lg:grid ${columns}`}
      >
        <span>Account</span>
        <span>Line description</span>
        {taxed ? <span>Tax code</span> : null}
        <span className="text-right">Debit</span>
        <span className="text-right">Credit</span>
        <span />
      </div>
      <ol className="space-y-3 lg:space-y-2">
        {keys.map((key, i) => (
          <li
            key={key}
            data-testid="entry-line"
            className={`grid grid-cols-2 items-start gap-2 rounded-md border border-slate-200 p-3 sm:grid-cols-6 ${columns} lg:border-0 lg:p-1`}
            onKeyDown={(e) => {
              if (e.ctrlKey && e.shiftKey && e.key === "Backspace") {
                e.preventDefault();
                removeLine(i);
              } else if (
                e.key === "Tab" &&
                !e.shiftKey &&
                i === keys.length - 1 &&
                (e.target as HTMLElement).id === lineId(key, "credit") &&
                onTabFromLastLine()
              ) {
                e.preventDefault();
              }
            }}
          >
            <p aria-hidden="true" className="col-span-2 text-xs font-semibold uppercase tracking-wide text-muted sm:col-span-6 lg:hidden">
              Line {i + 1}
            </p>
            <div className="col-span-2 sm:col-span-3 lg:col-span-1">
              <AccountCombobox
                id={lineId(key, "account")}
                label={
                  <>
                    <span className="sr-only">Line {i + 1} </span>Account
                  </>
                }
                accounts={accounts}
                value={lines[i]?.accountId ?? ""}
                onChange={(accountId) => setValue(`lines.${i}.accountId`, accountId, { shouldDirty: true })}
              />
            </div>
            <div className="col-span-2 sm:col-span-3 lg:col-span-1">
              <label htmlFor={lineId(key, "description")} className={smallLabel}>
                <span className="sr-only">Line {i + 1} </span>
                Description
              </label>
              {/* eslint-disable-next-line no-restricted-syntax -- raw control: its label names the line for screen readers only, more than InputField's text label holds */}
              <input id={lineId(key, "description")} className={inputClass} {...register(`lines.${i}.description`)} />
            </div>
            {taxed ? (
              <div className="col-span-2 sm:col-span-2 lg:col-span-1">
                <LineTaxCode i={i} id={lineId(key, "tax")} codes={taxCodes} register={register} />
              </div>
            ) : null}
            {SIDES.map((side) => (
              <div key={side} className="sm:col-span-2 lg:col-span-1">
                <LineAmount
                  text={lines[i]?.[side] ?? ""}
                  i={i}
                  side={side}
                  id={lineId(key, side)}
                  register={register}
                  setValue={setValue}
                />
              </div>
            ))}
            <div className="col-span-2 flex justify-end sm:col-span-2 sm:self-end lg:col-span-1 lg:self-start">
              <RemoveLineButton
                n={i + 1}
                tabIndex={-1}
                aria-keyshortcuts={REMOVE_SHORTCUT}
                disabled={keys.length <= 1}
                onClick={() => removeLine(i)}
              />
            </div>
          </li>
        ))}
      </ol>
    </fieldset>
  );
}
