import { useId } from "react";
import { useForm, type FieldErrors, type UseFormReturn } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { todayIso } from "~/lib/format.ts";
import { firstMessage } from "~/lib/form.ts";
import { Button } from "~/ui/button.tsx";
import { CheckboxField, InputField } from "~/ui/field.tsx";
import { DateList } from "~/ui/table.tsx";
import { toast } from "~/ui/toast.ts";
import { useAction } from "~/ui/use-action.ts";
import { dayLabel, useBooks, useMoney, type TaxCode, type TaxRounding } from "~/features/ledger/index.ts";
import { EARLIEST_ENTRY_DATE, LATEST_ENTRY_DATE } from "~/features/ledger/ledger.schema.ts";
import { saveRecurringInvoice } from "../recurring-invoices.api.ts";
import { RECURRING_FREQUENCIES, RECURRING_FREQUENCY_LABELS, type RecurringInvoiceInput } from "../recurring-invoices.schema.ts";
import type { RecurringInvoiceDetails } from "../recurring-invoices.types.ts";
import { ContactPicker } from "./document-contact-picker.tsx";
import { DocumentLinesAndNotes, useDocumentLines } from "./document-form-body.tsx";
import type { DocumentFormState } from "./document-form-values.ts";
import {
  formInvoiceSchedule,
  invoiceSchedulePreview,
  recurringInvoiceFormSchema,
  recurringPayloadOf,
  type RecurringInvoiceFormState,
} from "./recurring-invoices-values.ts";
import { FormRefusal, setRefusal } from "./form-end.tsx";

/** The fields of the form a refusal may name; any other field the server names is told above the buttons. */
const FORM_FIELD =
  /^(contact_id|reference|amounts_are|notes|lines|lines\.\d+\.(description|quantity|unit_price|discount_percent|account_id|tax_code_id)|frequency|day_of_month|start_date|end_date|approve)$/;
const DAYS = Array.from({ length: 31 }, (_, i) => i + 1);

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
  const { organization, can } = useBooks();
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
  const today = todayIso();

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

  const dateLimits = { type: "date", min: EARLIEST_ENTRY_DATE, max: LATEST_ENTRY_DATE } as const;
  const schedule = formInvoiceSchedule(values);
  const lastRun = editing?.recent_runs[0]?.run_on ?? null;
  const paused = editing?.status === "paused";
  const runs = schedule ? invoiceSchedulePreview(schedule, { today, lastRun, paused }) : null;
  const canApprove = can["books.sales.approve"];

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
      <fieldset className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
        <legend className="px-1 text-base font-semibold text-ink">Schedule</legend>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <InputField as="select" id={`${formId}-frequency`} label="Frequency" error={err.frequency?.message} {...register("frequency")}>
            {RECURRING_FREQUENCIES.map((f) => (
              <option key={f} value={f}>
                {RECURRING_FREQUENCY_LABELS[f]}
              </option>
            ))}
          </InputField>
          {values.frequency === "weekly" ? (
            <p className="self-end pb-2 text-sm text-muted">Every seven days from the start date.</p>
          ) : (
            <InputField
              as="select"
              id={`${formId}-day`}
              label="Day of the month"
              error={err.day_of_month?.message}
              {...register("day_of_month")}
            >
              {DAYS.map((d) => (
                <option key={d} value={String(d)}>
                  {d === 31 ? "Last day of the month" : dayLabel(d)}
                </option>
              ))}
            </InputField>
          )}
          <InputField
            id={`${formId}-start`}
            label="Start date"
            {...dateLimits}
            error={err.start_date?.message}
            {...register("start_date")}
          />
          <InputField
            id={`${formId}-end`}
            label="End date"
            optional
            {...dateLimits}
            error={err.end_date?.message}
            {...register("end_date")}
          />
        </div>
        {canApprove ? (
          <CheckboxField
            id={`${formId}-approve`}
            label="Approve each invoice as it is made (numbered and posted); otherwise each is a draft to review and send"
            {...register("approve")}
          />
        ) : null}
        <div aria-live="polite" data-testid="recurring-preview" className="space-y-1 rounded-md bg-slate-50 px-3 py-2 text-sm text-ink">
          {!runs ? (
            <p>Next invoices: enter a start date.</p>
          ) : runs.next.length === 0 && runs.due.length === 0 ? (
            <p>No invoice: the end date comes before the first scheduled date.</p>
          ) : (
            <p>
              <span className="font-semibold">{paused ? "Next invoices once resumed:" : "Next invoices:"}</span>{" "}
              {runs.next.length ? <DateList dates={runs.next} /> : "none (the schedule ends)"}
            </p>
          )}
          {runs && runs.due.length > 0 ? (
            <p className="font-medium text-amber-900">
              {runs.due.length === 1
                ? `The invoice of ${runs.due[0]} is already due: it is made at once when you save.`
                : `${runs.due.length} invoices are already due (${runs.due[0]} to ${runs.due[runs.due.length - 1]}): they are made at once when you save.`}
            </p>
          ) : null}
        </div>
      </fieldset>
      <FormRefusal message={err.root?.server?.message} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={pending}>
          {pending ? "Saving..." : "Save recurring invoice"}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
