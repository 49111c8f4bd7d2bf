import { useEffect, useId, useState } from "react";
import { useFieldArray, useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { toast } from "~/ui/toast.ts";
import { Button } from "~/ui/button.tsx";
import { firstMessage } from "~/lib/form.ts";
import type { EntryInput } from "../accounting.schema.ts";
import { entryFormSchema, isBalanced, isDirty, type EntryFormLine, type EntryFormValues } from "../entry-form.ts";
import { defaultPeriod } from "../reports.ts";
import type { AccountDto, EntryDetails } from "../accounting.types.ts";
import { request } from "~/lib/api-client.ts";
import { toastFailure } from "~/ui/toast-failure.ts";
import { useBooksApi } from "./books-context.tsx";
import { Modal } from "./ui.tsx";
import { ConfirmDialog } from "~/ui/confirm-dialog.tsx";
import { EntryLines } from "./entry-lines.tsx";
import { EntryHeaderFields, EntryTotals } from "./entry-parts.tsx";

const newLine = (l: Partial<EntryFormLine> = {}): EntryFormLine => ({ accountId: "", description: "", debit: "", credit: "", ...l });
const blank = (): EntryFormValues => ({ description: "", entryDate: defaultPeriod().end, reference: "", lines: [newLine(), newLine()] });
const resolver = zodResolver(entryFormSchema);

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
  // No field gets the focus on a refusal: the toast names the problem (amounts and the date also show it on their field).
  const { control, register, handleSubmit, reset, setValue, watch, formState } = useForm<EntryFormValues, unknown, EntryInput>({
    resolver,
    defaultValues: blank(),
    shouldFocusError: false,
  });
  const { fields, append, remove } = useFieldArray({ control, name: "lines" });
  const values = watch();
  const saving = formState.isSubmitting;
  const [initial, setInitial] = useState<EntryFormValues>(values);
  const [number, setNumber] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const [focusLine, setFocusLine] = useState<number | null>(null);
  const formId = useId();
  const lineId = (key: string, field: string) => `${formId}-line-${key}-${field}`;
  const books = useBooksApi();

  useEffect(() => {
    if (!open) return;
    setConfirmDiscard(false);
    if (entryId === null) {
      const fresh = blank();
      reset(fresh);
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
      const loaded: EntryFormValues = {
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
      reset(loaded);
      setInitial(loaded);
    });
    return () => {
      live = false;
    };
  }, [open, entryId, books, reset]);

  // After Add Line or Remove, the focus goes to the account of the line concerned.
  useEffect(() => {
    if (focusLine === null) return;
    const field = fields[focusLine];
    if (field) document.getElementById(lineId(field.id, "account"))?.focus();
    setFocusLine(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- lineId depends on formId only
  }, [focusLine, fields]);

  const balanced = isBalanced(values.lines);
  const dirty = isDirty(values, initial);

  function addLine() {
    append(newLine(), { shouldFocus: false });
    setFocusLine(fields.length);
  }

  function removeLine(at: number) {
    if (fields.length <= 1) return;
    remove(at);
    setFocusLine(Math.min(at, fields.length - 2));
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

  async function save(payload: EntryInput) {
    const res = await request(entryId === null ? `${books}/entries` : `${books}/entries/${entryId}`, {
      method: entryId === null ? "POST" : "PUT",
      json: payload,
    });
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
        <form
          id={formId}
          onSubmit={(e) =>
            void handleSubmit(save, (errors) =>
              toast.error("Validation Error", { description: errors.root?.message ?? firstMessage(errors) ?? "Invalid entry" }),
            )(e)
          }
          noValidate
          className="space-y-4"
        >
          <EntryHeaderFields formId={formId} entryDate={values.entryDate} register={register} />
          <EntryLines
            keys={fields.map((f) => f.id)}
            lines={values.lines}
            accounts={accounts}
            lineId={lineId}
            register={register}
            setValue={setValue}
            removeLine={removeLine}
          />
          <EntryTotals lines={values.lines} onAddLine={addLine} />
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
      <ConfirmDialog
        open={confirmDiscard}
        onOpenChange={setConfirmDiscard}
        title="Discard this entry?"
        description="What you typed has not been saved and will be lost."
        cancelLabel="Keep editing"
        confirmLabel="Discard entry"
        variant="danger"
        onConfirm={() => {
          onOpenChange(false);
          return true;
        }}
      />
    </Modal>
  );
}
