import { Button } from "~/ui/button.tsx";
import { cn } from "~/ui/cn.ts";
import { parseAmount, type EntryFormLine } from "../entry-form.ts";
import { AccountCombobox } from "./account-combobox.tsx";
import type { AccountDto } from "../accounting.types.ts";
import { inputClass } from "./ui.tsx";

/** A line of the form, with a key that stays with it when lines above it are removed. */
export type FormLine = EntryFormLine & { key: number };

/** Removes the line that holds the focus, as its Remove button does (those buttons are left out of the Tab order). */
const REMOVE_SHORTCUT = "Control+Shift+Backspace";

export const fieldError = "mt-1 text-xs font-medium text-red-700";
const smallLabel = "mb-1 block text-xs font-medium text-muted lg:sr-only";

/** The entry's lines: account, description, debit, credit, and a Remove button each (a card per line on narrow screens). */
export function EntryLines({
  lines,
  accounts,
  lineId,
  setLine,
  removeLine,
}: {
  lines: FormLine[];
  accounts: AccountDto[];
  lineId: (key: number, field: string) => string;
  setLine: (key: number, patch: Partial<EntryFormLine>) => void;
  removeLine: (key: number) => void;
}) {
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-semibold text-ink">Lines</legend>
      <div
        aria-hidden="true"
        className="hidden gap-2 px-1 pb-1 text-xs font-semibold uppercase tracking-wide text-muted lg:grid lg:grid-cols-[minmax(0,5fr)_minmax(0,4fr)_9rem_9rem_5.5rem]"
      >
        <span>Account</span>
        <span>Line description</span>
        <span className="text-right">Debit</span>
        <span className="text-right">Credit</span>
        <span />
      </div>
      <ol className="space-y-3 lg:space-y-2">
        {lines.map((l, i) => (
          <li
            key={l.key}
            data-testid="entry-line"
            className="grid grid-cols-2 items-start gap-2 rounded-md border border-slate-200 p-3 sm:grid-cols-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,4fr)_9rem_9rem_5.5rem] lg:border-0 lg:p-1"
            onKeyDown={(e) => {
              if (e.ctrlKey && e.shiftKey && e.key === "Backspace") {
                e.preventDefault();
                removeLine(l.key);
              }
            }}
          >
            <p aria-hidden="true" className="col-span-2 text-xs font-semibold uppercase tracking-wide text-muted sm:col-span-6 lg:hidden">
              Line {i + 1}
            </p>
            <div className="col-span-2 sm:col-span-3 lg:col-span-1">
              <AccountCombobox
                id={lineId(l.key, "account")}
                label={
                  <>
                    <span className="sr-only">Line {i + 1} </span>Account
                  </>
                }
                accounts={accounts}
                value={l.accountId}
                onChange={(accountId) => setLine(l.key, { accountId })}
              />
            </div>
            <div className="col-span-2 sm:col-span-3 lg:col-span-1">
              <label htmlFor={lineId(l.key, "description")} className={smallLabel}>
                <span className="sr-only">Line {i + 1} </span>
                Description
              </label>
              <input
                id={lineId(l.key, "description")}
                className={inputClass}
                value={l.description}
                onChange={(e) => setLine(l.key, { description: e.target.value })}
              />
            </div>
            <div className="sm:col-span-2 lg:col-span-1">
              <AmountInput line={l} i={i} side="debit" id={lineId(l.key, "debit")} setLine={setLine} />
            </div>
            <div className="sm:col-span-2 lg:col-span-1">
              <AmountInput line={l} i={i} side="credit" id={lineId(l.key, "credit")} setLine={setLine} />
            </div>
            <div className="col-span-2 flex justify-end sm:col-span-2 sm:self-end lg:col-span-1 lg:self-start">
              <Button
                variant="ghost"
                size="sm"
                tabIndex={-1}
                aria-label={`Remove line ${i + 1}`}
                aria-keyshortcuts={REMOVE_SHORTCUT}
                disabled={lines.length <= 1}
                onClick={() => removeLine(l.key)}
                className="min-h-9 text-red-800 hover:bg-red-50"
              >
                Remove
              </Button>
            </div>
          </li>
        ))}
      </ol>
    </fieldset>
  );
}

/** A debit or credit amount; typing one clears the other side of the line. */
function AmountInput({
  line,
  i,
  side,
  id,
  setLine,
}: {
  line: FormLine;
  i: number;
  side: "debit" | "credit";
  id: string;
  setLine: (key: number, patch: Partial<EntryFormLine>) => void;
}) {
  const { error } = parseAmount(line[side]);
  const other = side === "debit" ? "credit" : "debit";
  return (
    <div>
      <label htmlFor={id} className={smallLabel}>
        <span className="sr-only">Line {i + 1} </span>
        {side === "debit" ? "Debit" : "Credit"}
      </label>
      <input
        id={id}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        placeholder="0.00"
        className={cn(inputClass, "text-right tabular-nums", error && "border-red-700")}
        value={line[side]}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => setLine(line.key, { [side]: e.target.value, ...(e.target.value !== "" ? { [other]: "" } : {}) })}
      />
      {error ? (
        <p id={`${id}-error`} className={fieldError}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
