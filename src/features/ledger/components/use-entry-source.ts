import { useEffect, useState } from "react";
import type { UseFormReturn } from "react-hook-form";
import { useLoad } from "~/ui/use-load.ts";
import type { EntryInput } from "../ledger.schema.ts";
import { newLine, type EntryFormValues } from "../entry-form.ts";
import { formTaxedEntry } from "../entry-form-tax.ts";
import { defaultPeriod } from "../periods.ts";
import { getEntry } from "../ledger.api.ts";
import { useBooksOrgId } from "./books-context.tsx";

/** A new entry: two empty lines, dated the last day of the current period. */
export const blankEntry = (): EntryFormValues => ({
  description: "",
  entryDate: defaultPeriod().end,
  reference: "",
  lines: [newLine(), newLine()],
});

/**
 * What the entry dialog starts from each time it opens: a blank entry, the draft edited (`entryId`, read afresh at
 * each opening) or a copy of another entry (`copyFrom`, dated as a new one). Puts it in the form and keeps `initial`,
 * what "nothing typed yet" means to the discard question, and the edited draft's number.
 */
export function useEntrySource(
  form: UseFormReturn<EntryFormValues, unknown, EntryInput>,
  { open, entryId, copyFrom }: { open: boolean; entryId: number | null; copyFrom: number | null },
) {
  const { reset } = form;
  const orgId = useBooksOrgId();
  const [initial, setInitial] = useState<EntryFormValues>(() => form.getValues());
  const [number, setNumber] = useState<string | null>(null);
  /** How many times the dialog opened: each opening reads the entry afresh. */
  const [openings, setOpenings] = useState({ open, count: 0 });
  if (openings.open !== open) setOpenings({ open, count: openings.count + (open ? 1 : 0) });
  const source = open ? (entryId ?? copyFrom) : null;
  const read = useLoad(source === null ? null : `${orgId}:${entryId}:${source}:${openings.count}`, () => getEntry(orgId, source!), "Error");

  useEffect(() => {
    if (!open) return;
    if (source === null) {
      const fresh = blankEntry();
      reset(fresh);
      setInitial(fresh);
      setNumber(null);
      return;
    }
    if (!read) return;
    const { entry } = read;
    const loaded: EntryFormValues = {
      description: entry.description,
      entryDate: entryId === null ? blankEntry().entryDate : entry.entry_date,
      reference: entry.reference ?? "",
      // The tax lines are made again from the taxed lines, shown tax-exclusive (decision 112).
      ...formTaxedEntry(entry.lines),
    };
    reset(loaded);
    if (entryId === null) {
      // A copy is a new entry: nothing of it is saved yet.
      setNumber(null);
      setInitial(blankEntry());
    } else {
      setNumber(entry.entry_number);
      setInitial(loaded);
    }
  }, [open, entryId, source, read, reset]);

  return { loading: source !== null && read === null, number, initial, setInitial };
}
