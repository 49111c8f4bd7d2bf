import * as Dialog from "@radix-ui/react-dialog";
import { useEffect, useId, useRef, useState } from "react";
import { toast } from "sonner";
import { Button } from "~/ui/button.tsx";
import { cn } from "~/ui/cn.ts";
import { EARLIEST_ENTRY_DATE, entryInputSchema, latestEntryDate } from "../accounting.schema.ts";
import {
  completeLines,
  entryDateProblem,
  entryTotals,
  ENTRY_MESSAGES,
  hasAmounts,
  isBalanced,
  isDirty,
  parseAmount,
  validateEntryForm,
  type EntryFormLine,
  type EntryFormValues,
} from "../entry-form.ts";
import { centsToDecimal, formatUsd } from "../money.ts";
import { defaultPeriod } from "../reports.ts";
import { AccountCombobox } from "./account-combobox.tsx";
import { api, type AccountDto } from "./accounting-api.ts";
import { inputClass, labelClass, Modal } from "./ui.tsx";

/** A line of the form, with a key that stays with it when lines above it are removed. */
type FormLine = EntryFormLine & { key: number };
type FormValues = Omit<EntryFormValues, "lines"> & { lines: FormLine[] };

/** Removes the line that holds the focus, as its Remove button does (those buttons are left out of the Tab order). */
const REMOVE_SHORTCUT = "Control+Shift+Backspace";

interface EntryDetailsDto {
  id: number;
  entry_number: string;
  description: string;
  entry_date: string;
  reference: string | null;
  lines: { account_id: number; description: string | null; debit_amount: string; credit_amount: string }[];
}

const fieldError = "mt-1 text-xs font-medium text-red-700";
const smallLabel = "mb-1 block text-xs font-medium text-muted lg:sr-only";

/** Create (entryId null) or edit a draft entry. */
export function EntryDialog({
  open,
  entryId,
  accounts,
  onOpenChange,
  onSaved,
}: {
  open: boolean;
  entryId: number | null;
  accounts: AccountDto[];
  onOpenChange: (open: boolean) => void;
  onSaved: () => void;
}) {
  const nextKey = useRef(0);
  const newLine = (l: Partial<EntryFormLine> = {}): FormLine => ({
    accountId: "",
    description: "",
    debit: "",
    credit: "",
    ...l,
    key: nextKey.current++,
  });
  const blank = (): FormValues => ({ description: "", entryDate: defaultPeriod().end, reference: "", lines: [newLine(), newLine()] });

  const [values, setValues] = useState<FormValues>(blank);
  const [initial, setInitial] = useState<FormValues>(values);
  const [number, setNumber] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [loading, setLoading] = useState(false);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const [focusLine, setFocusLine] = useState<number | null>(null);
  const formId = useId();
  const lineId = (key: number, field: string) => `${formId}-line-${key}-${field}`;

  useEffect(() => {
    if (!open) return;
    setConfirmDiscard(false);
    if (entryId === null) {
      const fresh = blank();
      setValues(fresh);
      setInitial(fresh);
      setNumber(null);
      return;
    }
    let live = true;
    setLoading(true);
    api<{ entry: EntryDetailsDto }>(`/entries/${entryId}`)
      .then(({ entry }) => {
        if (!live) return;
        const loaded: FormValues = {
          description: entry.description,
          entryDate: entry.entry_date,
          reference: entry.reference ?? "",
          lines: entry.lines.map((l) =>
            newLine({
              accountId: String(l.account_id),
              description: l.description ?? "",
              debit: l.debit_amount === "0.00" ? "" : l.debit_amount,
              credit: l.credit_amount === "0.00" ? "" : l.credit_amount,
            }),
          ),
        };
        setNumber(entry.entry_number);
        setValues(loaded);
        setInitial(loaded);
      })
      .catch((err: Error) => toast.error("Error", { description: err.message }))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- blank/newLine only draw keys from a ref
  }, [open, entryId]);

  // After Add Line or Remove, the focus goes to the account of the line concerned.
  useEffect(() => {
    if (focusLine === null) return;
    document.getElementById(lineId(focusLine, "account"))?.focus();
    setFocusLine(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- lineId depends on formId only
  }, [focusLine]);

  const totals = entryTotals(values.lines);
  const balanced = isBalanced(values.lines);
  const dirty = isDirty(values, initial);
  const dateProblem = values.entryDate.trim() === "" ? null : entryDateProblem(values.entryDate);
  const setLine = (key: number, patch: Partial<EntryFormLine>) =>
    setValues((v) => ({ ...v, lines: v.lines.map((l) => (l.key === key ? { ...l, ...patch } : l)) }));

  function addLine() {
    const line = newLine();
    setValues((v) => ({ ...v, lines: [...v.lines, line] }));
    setFocusLine(line.key);
  }

  function removeLine(key: number) {
    if (values.lines.length <= 1) return;
    const at = values.lines.findIndex((l) => l.key === key);
    const rest = values.lines.filter((l) => l.key !== key);
    setValues((v) => ({ ...v, lines: v.lines.filter((l) => l.key !== key) }));
    setFocusLine(rest[Math.min(at, rest.length - 1)]!.key);
  }

  /** Escape, a click outside, the close button and Cancel: ask first when something typed would be lost. */
  function requestClose() {
    if (saving) return;
    if (dirty) setConfirmDiscard(true);
    else onOpenChange(false);
  }

  function onModalOpenChange(next: boolean) {
    if (next) return onOpenChange(true);
    // Escape in an open account list closes that list only.
    const active = document.activeElement;
    if (active?.getAttribute("role") === "combobox" && active.getAttribute("aria-expanded") === "true") return;
    requestClose();
  }

  async function save(e: React.FormEvent) {
    e.preventDefault();
    const problem = validateEntryForm(values);
    if (problem) {
      toast.error("Validation Error", { description: problem });
      return;
    }
    const amount = (text: string) => Number(centsToDecimal(parseAmount(text).cents ?? 0n));
    const payload = {
      description: values.description.trim(),
      entry_date: values.entryDate,
      reference: values.reference.trim() || null,
      lines: completeLines(values.lines).map((l) => ({
        account_id: Number(l.accountId),
        description: l.description.trim() || null,
        debit_amount: amount(l.debit),
        credit_amount: amount(l.credit),
      })),
    };
    const parsed = entryInputSchema.safeParse(payload);
    if (!parsed.success) {
      toast.error("Validation Error", { description: parsed.error.issues[0]?.message ?? "Invalid entry" });
      return;
    }
    setSaving(true);
    try {
      await api(entryId === null ? "/entries" : `/entries/${entryId}`, { method: entryId === null ? "POST" : "PUT", json: payload });
      toast.success("Journal entry saved successfully");
      onOpenChange(false);
      onSaved();
    } catch (err) {
      toast.error("Error saving entry", { description: (err as Error).message });
    } finally {
      setSaving(false);
    }
  }

  const amountInput = (line: FormLine, i: number, side: "debit" | "credit") => {
    const id = lineId(line.key, side);
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
  };

  return (
    <Modal
      open={open}
      onOpenChange={onModalOpenChange}
      wide
      title={entryId === null ? "New Journal Entry" : `Edit Journal Entry ${number ?? ""}`.trim()}
      description="Each line holds a debit or a credit; the entry saves when debits equal credits."
    >
      {loading ? (
        <p role="status">Loading...</p>
      ) : (
        <form id={formId} onSubmit={save} noValidate className="space-y-4">
          <div className="grid gap-4 sm:grid-cols-3">
            <div className="sm:col-span-3">
              <label htmlFor={`${formId}-description`} className={labelClass}>
                Description
              </label>
              <input
                id={`${formId}-description`}
                className={inputClass}
                value={values.description}
                onChange={(e) => setValues((v) => ({ ...v, description: e.target.value }))}
              />
            </div>
            <div>
              <label htmlFor={`${formId}-date`} className={labelClass}>
                Entry date
              </label>
              <input
                id={`${formId}-date`}
                type="date"
                min={EARLIEST_ENTRY_DATE}
                max={latestEntryDate()}
                className={cn(inputClass, dateProblem && "border-red-700")}
                value={values.entryDate}
                aria-invalid={dateProblem ? true : undefined}
                aria-describedby={dateProblem ? `${formId}-date-error` : undefined}
                onChange={(e) => setValues((v) => ({ ...v, entryDate: e.target.value }))}
              />
              {dateProblem ? (
                <p id={`${formId}-date-error`} className={fieldError}>
                  {dateProblem}
                </p>
              ) : null}
            </div>
            <div className="sm:col-span-2">
              <label htmlFor={`${formId}-reference`} className={labelClass}>
                Reference (optional)
              </label>
              <input
                id={`${formId}-reference`}
                className={inputClass}
                value={values.reference}
                onChange={(e) => setValues((v) => ({ ...v, reference: e.target.value }))}
              />
            </div>
          </div>

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
              {values.lines.map((l, i) => (
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
                  <p
                    aria-hidden="true"
                    className="col-span-2 text-xs font-semibold uppercase tracking-wide text-muted sm:col-span-6 lg:hidden"
                  >
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
                  <div className="sm:col-span-2 lg:col-span-1">{amountInput(l, i, "debit")}</div>
                  <div className="sm:col-span-2 lg:col-span-1">{amountInput(l, i, "credit")}</div>
                  <div className="col-span-2 flex justify-end sm:col-span-2 sm:self-end lg:col-span-1 lg:self-start">
                    <Button
                      variant="ghost"
                      size="sm"
                      tabIndex={-1}
                      aria-label={`Remove line ${i + 1}`}
                      aria-keyshortcuts={REMOVE_SHORTCUT}
                      disabled={values.lines.length <= 1}
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

          <div className="flex flex-wrap items-center justify-between gap-3">
            <Button variant="secondary" size="sm" onClick={addLine}>
              Add Line
            </Button>
            <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
              <div className="flex gap-2 whitespace-nowrap">
                <dt className="text-muted">Total debits</dt>
                <dd className="font-semibold tabular-nums text-ink" data-testid="total-debit">
                  {formatUsd(totals.debit)}
                </dd>
              </div>
              <div className="flex gap-2 whitespace-nowrap">
                <dt className="text-muted">Total credits</dt>
                <dd className="font-semibold tabular-nums text-ink" data-testid="total-credit">
                  {formatUsd(totals.credit)}
                </dd>
              </div>
            </dl>
          </div>
          <p className="text-xs text-muted">Ctrl+Shift+Backspace removes the line you are in.</p>
          <div aria-live="polite">
            {!balanced && hasAmounts(values.lines) ? (
              <p className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
                {ENTRY_MESSAGES.notBalancedInline}
                {totals.difference !== 0n
                  ? ` Difference: ${formatUsd(centsToDecimal(totals.difference < 0n ? -totals.difference : totals.difference))}.`
                  : ""}
              </p>
            ) : null}
          </div>
          <div className="flex justify-end gap-2">
            <Button variant="ghost" onClick={requestClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={!balanced || saving}>
              {saving ? "Saving..." : "Save Entry"}
            </Button>
          </div>
        </form>
      )}
      <DiscardConfirm
        open={confirmDiscard}
        onKeep={() => setConfirmDiscard(false)}
        onDiscard={() => {
          setConfirmDiscard(false);
          onOpenChange(false);
        }}
      />
    </Modal>
  );
}

/** Asks before an entry with unsaved changes is closed; "Keep editing" has the focus and Escape means keep. */
function DiscardConfirm({ open, onKeep, onDiscard }: { open: boolean; onKeep: () => void; onDiscard: () => void }) {
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
