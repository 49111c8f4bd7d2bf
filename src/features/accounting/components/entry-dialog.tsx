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
import type { AccountDto } from "../accounting.types.ts";
import { request } from "~/lib/api-client.ts";
import { toastFailure } from "~/ui/toast-failure.ts";
import { useBooksApi } from "./books-context.tsx";
import { inputClass, labelClass, Modal } from "./ui.tsx";
import type { EntryDetails } from "../accounting.types.ts";
import { DiscardConfirm } from "./discard-confirm.tsx";
import { EntryLines, fieldError, type FormLine } from "./entry-lines.tsx";

type FormValues = Omit<EntryFormValues, "lines"> & { lines: FormLine[] };

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
  const books = useBooksApi();

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
    void request<{ entry: EntryDetails }>(`${books}/entries/${entryId}`).then((res) => {
      if (live) setLoading(false);
      if (!res.ok) return toastFailure(res, { title: "Error" });
      if (!live) return;
      const { entry } = res.data;
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
    });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- blank/newLine only draw keys from a ref
  }, [open, entryId, books]);

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
    const res = await request(entryId === null ? `${books}/entries` : `${books}/entries/${entryId}`, {
      method: entryId === null ? "POST" : "PUT",
      json: payload,
    });
    setSaving(false);
    if (!res.ok) return toastFailure(res, { title: "Error saving entry" });
    toast.success("Journal entry saved successfully");
    onOpenChange(false);
    onSaved();
  }

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

          <EntryLines lines={values.lines} accounts={accounts} lineId={lineId} setLine={setLine} removeLine={removeLine} />

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
