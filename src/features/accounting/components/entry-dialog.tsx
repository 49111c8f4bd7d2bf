import { useEffect, useId, useState } from "react";
import { toast } from "sonner";
import { Button } from "~/ui/button.tsx";
import { entryInputSchema } from "../accounting.schema.ts";
import { completeLines, entryTotals, ENTRY_MESSAGES, isBalanced, validateEntryForm, type EntryFormLine, type EntryFormValues } from "../entry-form.ts";
import { centsToDecimal, formatUsd } from "../money.ts";
import { defaultPeriod } from "../reports.ts";
import { api, type AccountDto } from "./accounting-api.ts";
import { inputClass, labelClass, Modal, thClass } from "./ui.tsx";

const emptyLine = (): EntryFormLine => ({ accountId: "", description: "", debit: "", credit: "" });
const blank = (): EntryFormValues => ({ description: "", entryDate: defaultPeriod().end, reference: "", lines: [emptyLine(), emptyLine()] });

interface EntryDetailsDto {
  id: number;
  entry_number: string;
  description: string;
  entry_date: string;
  reference: string | null;
  lines: { account_id: number; description: string | null; debit_amount: string; credit_amount: string }[];
}

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
  const [values, setValues] = useState<EntryFormValues>(blank);
  const [number, setNumber] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [loading, setLoading] = useState(false);
  const formId = useId();

  useEffect(() => {
    if (!open) return;
    if (entryId === null) {
      setValues(blank());
      setNumber(null);
      return;
    }
    let live = true;
    setLoading(true);
    api<{ entry: EntryDetailsDto }>(`/entries/${entryId}`)
      .then(({ entry }) => {
        if (!live) return;
        setNumber(entry.entry_number);
        setValues({
          description: entry.description,
          entryDate: entry.entry_date,
          reference: entry.reference ?? "",
          lines: entry.lines.map((l) => ({
            accountId: String(l.account_id),
            description: l.description ?? "",
            debit: l.debit_amount === "0.00" ? "" : l.debit_amount,
            credit: l.credit_amount === "0.00" ? "" : l.credit_amount,
          })),
        });
      })
      .catch((err: Error) => toast.error("Error", { description: err.message }))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [open, entryId]);

  const totals = entryTotals(values.lines);
  const balanced = isBalanced(values.lines);
  const setLine = (i: number, patch: Partial<EntryFormLine>) =>
    setValues((v) => ({ ...v, lines: v.lines.map((l, j) => (j === i ? { ...l, ...patch } : l)) }));

  async function save(e: React.FormEvent) {
    e.preventDefault();
    const problem = validateEntryForm(values);
    if (problem) {
      toast.error("Validation Error", { description: problem });
      return;
    }
    const payload = {
      description: values.description.trim(),
      entry_date: values.entryDate,
      reference: values.reference.trim() || null,
      lines: completeLines(values.lines).map((l) => ({
        account_id: Number(l.accountId),
        description: l.description.trim() || null,
        debit_amount: Number(l.debit || 0),
        credit_amount: Number(l.credit || 0),
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

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
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
                className={inputClass}
                value={values.entryDate}
                onChange={(e) => setValues((v) => ({ ...v, entryDate: e.target.value }))}
              />
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

          <div className="overflow-x-auto">
            <table className="min-w-full">
              <caption className="sr-only">Entry lines</caption>
              <thead>
                <tr>
                  <th scope="col" className={thClass}>Account</th>
                  <th scope="col" className={thClass}>Line description</th>
                  <th scope="col" className={thClass}>Debit</th>
                  <th scope="col" className={thClass}>Credit</th>
                  <th scope="col" className={thClass}><span className="sr-only">Remove</span></th>
                </tr>
              </thead>
              <tbody>
                {values.lines.map((l, i) => (
                  <tr key={i} data-testid="entry-line">
                    <td className="px-1 py-1">
                      <select
                        aria-label={`Line ${i + 1} account`}
                        className={inputClass}
                        value={l.accountId}
                        onChange={(e) => setLine(i, { accountId: e.target.value })}
                      >
                        <option value="">Select account</option>
                        {accounts.map((a) => (
                          <option key={a.id} value={a.id}>
                            {a.account_code} {a.account_name}
                          </option>
                        ))}
                      </select>
                    </td>
                    <td className="px-1 py-1">
                      <input
                        aria-label={`Line ${i + 1} description`}
                        className={inputClass}
                        value={l.description}
                        onChange={(e) => setLine(i, { description: e.target.value })}
                      />
                    </td>
                    <td className="px-1 py-1">
                      <input
                        aria-label={`Line ${i + 1} debit`}
                        type="number"
                        inputMode="decimal"
                        step="0.01"
                        min="0"
                        className={`${inputClass} text-right`}
                        value={l.debit}
                        onChange={(e) => setLine(i, { debit: e.target.value, ...(e.target.value !== "" ? { credit: "" } : {}) })}
                      />
                    </td>
                    <td className="px-1 py-1">
                      <input
                        aria-label={`Line ${i + 1} credit`}
                        type="number"
                        inputMode="decimal"
                        step="0.01"
                        min="0"
                        className={`${inputClass} text-right`}
                        value={l.credit}
                        onChange={(e) => setLine(i, { credit: e.target.value, ...(e.target.value !== "" ? { debit: "" } : {}) })}
                      />
                    </td>
                    <td className="px-1 py-1">
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={`Remove line ${i + 1}`}
                        disabled={values.lines.length <= 1}
                        onClick={() => setValues((v) => ({ ...v, lines: v.lines.filter((_, j) => j !== i) }))}
                      >
                        Remove
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <td className="px-1 py-2">
                    <Button variant="secondary" size="sm" onClick={() => setValues((v) => ({ ...v, lines: [...v.lines, emptyLine()] }))}>
                      Add Line
                    </Button>
                  </td>
                  <th scope="row" className="px-3 py-2 text-right text-sm font-semibold">
                    Totals
                  </th>
                  <td className="px-3 py-2 text-right text-sm font-semibold" data-testid="total-debit">
                    {formatUsd(totals.debit)}
                  </td>
                  <td className="px-3 py-2 text-right text-sm font-semibold" data-testid="total-credit">
                    {formatUsd(totals.credit)}
                  </td>
                  <td />
                </tr>
              </tfoot>
            </table>
          </div>
          <div aria-live="polite">
            {!balanced ? (
              <p className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
                {ENTRY_MESSAGES.notBalancedInline}
                {totals.difference !== 0n ? ` Difference: ${formatUsd(centsToDecimal(totals.difference < 0n ? -totals.difference : totals.difference))}.` : ""}
              </p>
            ) : null}
          </div>
          <div className="flex justify-end gap-2">
            <Button variant="ghost" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={!balanced || saving}>
              {saving ? "Saving..." : "Save Entry"}
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}
