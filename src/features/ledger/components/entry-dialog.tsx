import { useEffect, useId, useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "~/ui/toast.ts";
import { firstMessage } from "~/lib/form.ts";
import type { EntryInput } from "../ledger.schema.ts";
import { isBalanced, isDirty, type EntryFormValues } from "../entry-form.ts";
import { postedTotals, taxPreview } from "../entry-form-tax.ts";
import type { AccountDto } from "../ledger.types.ts";
import { useAction } from "~/ui/use-action.ts";
import { saveEntry } from "../ledger.api.ts";
import { useBooks } from "./books-context.tsx";
import { DiscardDialog, useDiscardGuard } from "./discard-guard.tsx";
import { Modal } from "~/ui/table.tsx";
import { EntryLines } from "./entry-lines.tsx";
import { EntryHeaderFields, EntryTotals } from "./entry-parts.tsx";
import { useEntryLines } from "./use-entry-lines.ts";
import { PostEntryDialog } from "./post-entry-dialog.tsx";
import { blankEntry as blank, useEntrySource } from "./use-entry-source.ts";
import { EntryTaxPreview } from "./entry-tax-preview.tsx";
import { EntryDialogButtons } from "./entry-dialog-buttons.tsx";
import { codesOn, useEntryTax } from "./use-entry-tax.ts";

/**
 * Create (entryId null) or edit a draft entry; `copyFrom` starts a new entry from another one's description,
 * reference and lines, dated today. "Save Draft" keeps it a draft; "Save and Post" (for those who may post) asks the
 * journal's question and then saves and posts it in one step. By keyboard: Tab from the last credit of an unbalanced
 * entry opens a new line, "Balance" puts the remaining difference on the last line, "Save and New" keeps the dialog
 * open for the next entry. A line may carry a tax code: the tax lines are shown as they will be posted (decision 112).
 */
export function EntryDialog({
  open,
  entryId,
  copyFrom = null,
  accounts,
  onOpenChange,
}: {
  open: boolean;
  entryId: number | null;
  copyFrom?: number | null;
  accounts: AccountDto[];
  onOpenChange: (open: boolean) => void;
}) {
  const { tax, codes, resolver } = useEntryTax(open);
  // No field gets the focus on a refusal: the toast names the problem (amounts and the date also show it on their field).
  const form = useForm<EntryFormValues, unknown, EntryInput>({
    resolver,
    defaultValues: blank(),
    shouldFocusError: false,
  });
  const { register, handleSubmit, reset, watch, formState, setValue } = form;
  const values = watch();
  const saving = formState.isSubmitting;
  const { loading, number, initial, setInitial } = useEntrySource(form, { open, entryId, copyFrom });
  // The server's refusal of the date (a date in the locked period), shown on the field while that date is in it.
  const [refusedDate, setRefusedDate] = useState<{ date: string; message: string } | null>(null);
  const formId = useId();
  const { linesProps, totalsProps } = useEntryLines(form, formId);
  const { organization, can } = useBooks();
  const canPost = can["books.write"];
  const orgId = organization.id;
  const { act } = useAction();
  /** The entry checked and waiting for the answer to "Post …?". */
  const [toPost, setToPost] = useState<EntryInput | null>(null);
  useEffect(() => {
    if (open) setRefusedDate(null);
  }, [open, entryId, copyFrom]);
  // A refused date is brought into view (the question over the form has closed): on a phone the form is scrolled to its buttons.
  useEffect(() => {
    if (refusedDate) document.getElementById(`${formId}-date`)?.scrollIntoView({ block: "center" });
  }, [refusedDate, formId]);

  const preview = taxPreview(values, tax);
  const totals = postedTotals(values.lines, preview);
  const balanced = preview ? totals.debit > 0n && totals.difference === 0n : isBalanced(values.lines);
  const { requestClose, onModalOpenChange, discard } = useDiscardGuard({ open, dirty: isDirty(values, initial), saving, onOpenChange });

  /**
   * Saves (with `post`, saves and posts); with `andNew`, the dialog stays open on a blank entry of the same date, its
   * description focused. Resolves whether it was saved.
   */
  async function save(payload: EntryInput, andNew = false, post = false): Promise<boolean> {
    const res = await act(() => saveEntry(orgId, entryId, payload, post), {
      failure: post ? "Error posting entry" : "Error saving entry",
      success: ({ entry }) => (post ? `${entry.entry_number} saved and posted` : "Journal entry saved successfully"),
    });
    const dateError = res.ok ? undefined : res.fields?.entry_date;
    setRefusedDate(dateError ? { date: payload.entry_date, message: dateError } : null);
    if (!res.ok) return false;
    if (!andNew) return (onOpenChange(false), true);
    const next = { ...blank(), entryDate: values.entryDate };
    reset(next);
    setInitial(next);
    document.getElementById(`${formId}-description`)?.focus();
    return true;
  }

  const refused = (errors: Parameters<typeof firstMessage>[0] & { root?: { message?: string } }) =>
    toast.error("Validation Error", { description: errors.root?.message ?? firstMessage(errors) ?? "Invalid entry" });

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
        <form id={formId} onSubmit={(e) => void handleSubmit((payload) => save(payload), refused)(e)} noValidate className="space-y-4">
          <EntryHeaderFields
            formId={formId}
            entryDate={values.entryDate}
            dateError={refusedDate?.date === values.entryDate ? refusedDate.message : undefined}
            register={register}
          />
          <EntryLines
            {...linesProps}
            accounts={accounts}
            taxCodes={codesOn(
              codes,
              values.entryDate,
              values.lines.map((l) => l.taxCodeId),
            )}
          />
          <EntryTaxPreview formId={formId} tax={tax} preview={preview} values={values} accounts={accounts} setValue={setValue} />
          <EntryTotals {...totalsProps} totals={preview ? totals : undefined} />
          <EntryDialogButtons
            isNew={entryId === null}
            canPost={canPost}
            disabled={!balanced || saving}
            saving={saving}
            onCancel={requestClose}
            onSaveAndNew={() => void handleSubmit((payload) => save(payload, true), refused)()}
            onSaveAndPost={() => void handleSubmit(setToPost, refused)()}
          />
        </form>
      )}
      <DiscardDialog discard={discard} title="Discard this entry?" confirmLabel="Discard entry" />
      <PostEntryDialog
        entry={toPost && { entry_number: number, ...toPost, total_amount: totals.debit }}
        onClose={() => setToPost(null)}
        onConfirm={() => (toPost ? save(toPost, false, true) : Promise.resolve(false))}
      />
    </Modal>
  );
}
