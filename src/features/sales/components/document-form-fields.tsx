import type { RefObject } from "react";
import type { UseFormReturn } from "react-hook-form";
import { InputField } from "~/ui/field.tsx";
import { useBooksOrgId, useMoney } from "~/features/ledger/index.ts";
import { sideOfKind, type DocumentInput, type DocumentKind } from "../sales.schema.ts";
import type { Contact } from "../sales.types.ts";
import { ContactPicker, type PickedContact } from "./document-contact-picker.tsx";
import { dueFromTerms, referenceLabel, referenceMessage, type DocumentFormState, type DocumentPreview } from "./document-form-values.ts";

/**
 * A document form's head fields: its contact, reference, issue date, due date (following the contact's payment terms
 * and the issue date until one is typed) and how its amounts are typed.
 */
export function DocumentFormFields({
  formId,
  kind,
  form,
  picked,
  onContact,
  dueTyped,
}: {
  formId: string;
  kind: DocumentKind;
  form: UseFormReturn<DocumentFormState, unknown, DocumentInput>;
  picked: PickedContact | null;
  onContact: (c: Contact | null) => void;
  /** Set once a due date is typed (or is the draft's own): it no longer follows the terms. */
  dueTyped: RefObject<boolean>;
}) {
  const orgId = useBooksOrgId();
  const side = sideOfKind(kind);
  const { register, setValue, formState } = form;
  const err = formState.errors;
  return (
    <div className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-4">
      <div className="sm:col-span-2">
        <ContactPicker
          id={`${formId}-contact`}
          label={side === "receivable" ? "Customer" : "Supplier"}
          orgId={orgId}
          role={side === "receivable" ? "customer" : "supplier"}
          value={picked}
          onChange={onContact}
          error={err.contact_id?.message}
        />
      </div>
      <InputField
        id={`${formId}-reference`}
        label={referenceLabel(kind)}
        optional
        maxLength={100}
        error={referenceMessage(kind, err.reference?.message)}
        fieldClassName="sm:col-span-2"
        {...register("reference")}
      />
      <InputField
        id={`${formId}-issue-date`}
        label="Issue date"
        type="date"
        error={err.issue_date?.message}
        {...register("issue_date", {
          onChange: (e: { target: HTMLInputElement }) => {
            if (!dueTyped.current && picked?.payment_terms_days !== undefined)
              setValue("due_date", dueFromTerms(picked as Contact, e.target.value));
          },
        })}
      />
      <InputField
        id={`${formId}-due-date`}
        label="Due date"
        type="date"
        optional
        hint="From the contact's payment terms when left empty"
        error={err.due_date?.message}
        {...register("due_date", { onChange: () => (dueTyped.current = true) })}
      />
      <InputField
        as="select"
        id={`${formId}-amounts`}
        label="Amounts are"
        error={err.amounts_are?.message}
        fieldClassName="sm:col-span-2"
        {...register("amounts_are")}
      >
        <option value="exclusive">Exclusive of tax (tax is added)</option>
        <option value="inclusive">Inclusive of tax (tax is taken out)</option>
      </InputField>
    </div>
  );
}

/** A document form's totals as they will be priced: subtotal, tax per code (or none) and total. */
export function DocumentFormTotals({ formId, preview }: { formId: string; preview: DocumentPreview }) {
  const { money } = useMoney();
  return (
    <section
      aria-labelledby={`${formId}-totals`}
      className="rounded-lg border border-slate-200 bg-slate-50 p-4"
      data-testid="document-totals"
    >
      <h3 id={`${formId}-totals`} className="text-sm font-semibold text-ink">
        Totals
      </h3>
      <dl className="mt-2 space-y-1 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-muted">Subtotal</dt>
          <dd className="tabular-nums" data-testid="preview-subtotal">
            {money(preview.subtotal)}
          </dd>
        </div>
        {preview.taxes.map((t) => (
          <div key={t.tax_code_id} className="flex justify-between gap-4">
            <dt className="text-muted">
              Tax {t.code} <span className="sr-only">({t.name})</span>
            </dt>
            <dd className="tabular-nums">{money(t.amount)}</dd>
          </div>
        ))}
        {preview.taxes.length === 0 ? (
          <div className="flex justify-between gap-4">
            <dt className="text-muted">Tax</dt>
            <dd className="tabular-nums">{money(0n)}</dd>
          </div>
        ) : null}
        <div className="flex justify-between gap-4 border-t border-slate-300 pt-1 text-base font-semibold text-ink">
          <dt>Total</dt>
          <dd className="tabular-nums" data-testid="preview-total">
            {money(preview.total)}
          </dd>
        </div>
      </dl>
      <p className="mt-2 text-xs text-muted">Worked out as you type; the figures saved are the server&apos;s.</p>
    </section>
  );
}
