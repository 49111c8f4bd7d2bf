import { useEffect, useState } from "react";
import { useFieldArray, type FieldValues, type UseFormReturn } from "react-hook-form";
import { entryTotals, isBalanced, newLine, type EntryFormLine, type EntryLinesValues } from "../entry-form.ts";
import { centsToDecimal } from "~/lib/money.ts";

/**
 * The lines of a form that holds an entry's lines (the entry form, the recurring entry form): what `EntryLines` and
 * `EntryTotals` take. Add Line and Remove move the focus to the account of the line concerned; "Balance" puts the
 * remaining difference on the last line; Tab from the last credit of an unbalanced entry opens a new line.
 */
export function useEntryLines<V extends EntryLinesValues & FieldValues, Out>(form: UseFormReturn<V, unknown, Out>, formId: string) {
  // The lines exist on every form they are drawn in (V extends EntryLinesValues), as in fieldGroup (src/lib/form.ts).
  const { control, register, setValue, watch } = form as unknown as UseFormReturn<EntryLinesValues>;
  const { fields, append, remove } = useFieldArray({ control, name: "lines" });
  const lines: EntryFormLine[] = watch("lines");
  const [focusLine, setFocusLine] = useState<number | null>(null);
  const lineId = (key: string, field: string) => `${formId}-line-${key}-${field}`;

  useEffect(() => {
    if (focusLine === null) return;
    const field = fields[focusLine];
    if (field) document.getElementById(`${formId}-line-${field.id}-account`)?.focus();
    setFocusLine(null);
  }, [focusLine, fields, formId]);

  function addLine() {
    append(newLine(), { shouldFocus: false });
    setFocusLine(fields.length);
  }

  /**
   * The remaining difference (by default the lines' own; with tax, the posted one) on the last line (on its empty side),
   * or on a new line when the last one has an amount or a tax code.
   */
  function balanceLastLine(difference = entryTotals(lines).difference) {
    if (difference === 0n) return;
    const side = difference > 0n ? "credit" : "debit";
    const amount = centsToDecimal(difference > 0n ? difference : -difference);
    const last = lines.length - 1;
    const line = lines[last];
    const key = fields[last]?.id;
    if (line && key && !line.debit.trim() && !line.credit.trim() && !line.taxCodeId) {
      setValue(`lines.${last}.${side}`, amount, { shouldDirty: true });
      document.getElementById(lineId(key, side))?.focus();
    } else {
      append(newLine({ [side]: amount }), { shouldFocus: false });
      setFocusLine(fields.length);
    }
  }

  /** Tab from the last line's credit while the entry does not balance: a new line, its account focused. */
  function tabFromLastLine(): boolean {
    if (isBalanced(lines)) return false;
    addLine();
    return true;
  }

  function removeLine(at: number) {
    if (fields.length <= 1) return;
    remove(at);
    setFocusLine(Math.min(at, fields.length - 2));
  }

  return {
    lines,
    /** For `EntryLines` (with the accounts). */
    linesProps: { keys: fields.map((f) => f.id), lines, lineId, register, setValue, removeLine, onTabFromLastLine: tabFromLastLine },
    /** For `EntryTotals`. */
    totalsProps: { lines, onAddLine: addLine, onBalance: balanceLastLine },
  };
}
