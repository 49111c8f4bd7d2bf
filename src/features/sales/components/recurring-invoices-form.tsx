import { useId } from "react";
import { useForm, type FieldErrors, type UseFormReturn } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { firstMessage } from "~/lib/form.ts";
import { FormButtons } from "~/ui/form-buttons.tsx";
import { InputField } from "~/ui/field.tsx";
import { toast } from "~/ui/toast.ts";
import { useAction } from "~/ui/use-action.ts";
import { useBooks, useMoney, type TaxCode, type TaxRounding } from "~/features/ledger/index.ts";
import { saveRecurringInvoice } from "../recurring-invoices.api.ts";
import type { RecurringInvoiceInput } from "../recurring-invoices.schema.ts";
import type { RecurringInvoiceDetails } from "../recurring-invoices.types.ts";
import { ContactPicker } from "./document-contact-picker.tsx";
import { DocumentLinesAndNotes, useDocumentLines } from "./document-form-body.tsx";
import type { DocumentFormState } from "./document-form-values.ts";
import { recurringInvoiceFormSchema, recurringPayloadOf, type RecurringInvoiceFormState } from "./recurring-invoices-values.ts";
import { RecurringInvoiceSchedule } from "./recurring-invoices-schedule.tsx";
import { FormRefusal, setRefusal } from "./form-end.tsx";

/** The fields of the form a refusal may name; any other field the server names is told above the buttons. */
const FORM_FIELD =
  /^(contact_id|reference|amounts_are|notes|lines|lines\.\d+\.(description|quantity|unit_price|discount_percent|account_id|tax_code_id)|frequency|day_of_month|start_date|end_date|approve)$/;

export interface RecurringInvoiceFormProps {
  /** The schedule edited (null: a new one). */
  editing: RecurringInvoiceDetails | null;
  initial: RecurringInvoiceFormState;
  /** The books' tax codes (archived ones left out) and how tax is rounded. */
  taxCodes: TaxCode[];
  rounding: TaxRounding;
  /** The receivables and payables accounts: a line is never on them. */
  controlAccounts: number[];
  /** Back to the list (after a save, or on Cancel). */
  onDone: () => void;
}

/**
 * A new recurring invoice, or one changed: the invoice to make (customer, reference, how amounts are typed, lines and
 * notes, priced as the server will as of the start date) and its schedule (frequency, day of the month, start and end,
 * drafts or approved invoices), with what saving will do: the invoices due already, made at once, and the next dates.
 * A refusal is told on its fields.
 */
export function RecurringInvoiceForm({ editing, initial, taxCodes, rounding, controlAccounts, onDone }: RecurringInvoiceFormProps) {
  const { organization } = useBooks();
  const { money } = useMoney();
  const orgId = organization.id;
  const formId = useId();
  const form = useForm<RecurringInvoiceFormState, unknown, RecurringInvoiceInput>({
    resolver: zodResolver(recurringInvoiceFormSchema),
    defaultValues: initial,
  });
  const { register, handleSubmit, getValues, setError, watch, formState } = form;
  const values = watch();
  const { act, pending } = useAction();
  const err = formState.errors;

  // The lines are the document form's own fields (the values extend its values), priced and offered tax codes as of
  // the template's date: its start.
  const d = useDocumentLines(form as unknown as UseFormReturn<DocumentFormState>, {
    kind: "invoice",
    values: { ...values, issue_date: values.start_date },
    dateNow: () => getValues("start_date"),
    taxCodes,
    rounding,
    controlAccounts,
    contact: editing ? { id: editing.contact_id, name: editing.contact_name } : null,
  });
  const { picked, preview } = d;

  const save = handleSubmit(async () => {
    const res = await act(() => saveRecurringInvoice(orgId, editing?.id ?? null, recurringPayloadOf(getValues())), {
      failure: "Recurring invoice not saved",
    });
    if (!res.ok) return tell(res.fields);
    const r = res.data.recurring_invoice;
    const made = r.runs - (editing?.runs ?? 0);
    const kind = r.approve ? "approved invoice" : "draft invoice";
    const next = r.next_run_on ? `The next is on ${r.next_run_on}.` : "It has no run left.";
    toast.success("Recurring invoice saved", {
      description: made > 0 ? `${made} ${kind}${made === 1 ? "" : "s"} made for the dates already due. ${next}` : next,
    });
    if (r.status === "paused" && r.paused_reason) toast.error("Recurring invoice paused", { description: r.paused_reason });
    onDone();
  }, refused);

  /** The server's refusal on the fields it names (those of the form; any other above the buttons). */
  const tell = (fields: Record<string, string>) => setRefusal(setError, fields, FORM_FIELD);

  function refused(errors: FieldErrors<RecurringInvoiceFormState>) {
    toast.error("Recurring invoice not saved", { description: firstMessage(errors) ?? "Check the fields marked" });
    if (errors.contact_id) document.getElementById(`${formId}-contact`)?.focus();
  }

  return (
    <form id={formId} noValidate onSubmit={(e) => void save(e)} aria-labelledby={`${formId}-title`} className="space-y-6">
      <div>
        <button type="button" onClick={onDone} className="text-sm font-medium text-brand-700 underline">
          Back to the recurring invoices
        </button>
        <h2 id={`${formId}-title`} className="mt-2 text-2xl font-semibold text-ink">
          {editing ? `Edit the recurring invoice to ${editing.contact_name}` : "New recurring invoice"}
        </h2>
        <p className="mt-1 max-w-3xl text-sm text-muted">
          Each run makes a copy of this invoice dated the run&apos;s day, due after the customer&apos;s payment terms.
          {editing && editing.runs > 0 ? " The invoices already made stay as they are." : ""}
        </p>
      </div>
      <div className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-4">
        <div className="sm:col-span-2">
          <ContactPicker
            id={`${formId}-contact`}
            label="Customer"
            orgId={orgId}
            role="customer"
            value={picked}
            onChange={d.chooseContact}
            error={err.contact_id?.message}
          />
        </div>
        <InputField
          id={`${formId}-reference`}
          label="Reference"
          optional
          maxLength={100}
          error={err.reference?.message}
          {...register("reference")}
        />
        <InputField as="select" id={`${formId}-amounts`} label="Amounts are" error={err.amounts_are?.message} {...register("amounts_are")}>
          <option value="exclusive">Exclusive of tax</option>
          <option value="inclusive">Inclusive of tax</option>
        </InputField>
      </div>
      <DocumentLinesAndNotes formId={formId} lines={d} notesHint="Shown on each invoice">
        <dl className="space-y-1 rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm" data-testid="recurring-totals">
          <div className="flex justify-between gap-4">
            <dt className="text-muted">Subtotal</dt>
            <dd className="tabular-nums">{money(preview.subtotal)}</dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt className="text-muted">Tax</dt>
            <dd className="tabular-nums">{money(preview.tax)}</dd>
          </div>
          <div className="flex justify-between gap-4 border-t border-slate-300 pt-1 text-base font-semibold text-ink">
            <dt>Each invoice</dt>
            <dd className="tabular-nums">{money(preview.total)}</dd>
          </div>
        </dl>
      </DocumentLinesAndNotes>
      <RecurringInvoiceSchedule formId={formId} form={form} values={values} editing={editing} />
      <FormRefusal message={err.root?.server?.message} />
      <FormButtons submit={pending ? "Saving..." : "Save recurring invoice"} disabled={pending} onCancel={onDone} className="flex-wrap" />
    </form>
  );
}
