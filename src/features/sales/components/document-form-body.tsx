import { useMemo, useState, type ReactNode } from "react";
import { useFieldArray, type UseFormReturn } from "react-hook-form";
import { InputField } from "~/ui/field.tsx";
import { useBooks, type MathCode, type TaxCode, type TaxRounding } from "~/features/ledger/index.ts";
import type { DocumentKind } from "../sales.schema.ts";
import type { Contact } from "../sales.types.ts";
import type { PickedContact } from "./document-contact-picker.tsx";
import { DocumentFormLines } from "./document-form-lines.tsx";
import { blankLine, codesFor, defaultAccountOf, previewOf, type DocumentFormState } from "./document-form-values.ts";

/*
 * What the forms of a sales document share (a document, and the invoice a recurring invoice makes): its contact, its
 * lines priced as the server will, and its notes.
 */

export interface DocumentLinesOptions {
  kind: DocumentKind;
  /** The form's values, dated as the document is priced and its tax codes offered (`issue_date`). */
  values: DocumentFormState;
  /** The date the contact's tax code must be valid on, as the form holds it now. */
  dateNow: () => string;
  /** The books' tax codes (archived ones left out) and how tax is rounded. */
  taxCodes: TaxCode[];
  rounding: TaxRounding;
  /** The receivables and payables accounts: a line is never on them. */
  controlAccounts: number[];
  /** The contact the form opens with. */
  contact: PickedContact | null;
}

/**
 * The contact and lines of a document's form: the contact picked (choosing one fills its default account and tax code
 * on the lines that have none), the lines, their amounts and the totals as they will be priced, the accounts a line may
 * take and the tax codes each line may take on the document's date.
 */
export function useDocumentLines<Sent>(form: UseFormReturn<DocumentFormState, unknown, Sent>, o: DocumentLinesOptions) {
  const { kind, values, dateNow, taxCodes, rounding, controlAccounts } = o;
  const { accounts } = useBooks();
  const { getValues, setValue, formState } = form;
  const lines = useFieldArray({ control: form.control, name: "lines" });
  const [picked, setPicked] = useState<PickedContact | null>(o.contact);
  const codeMap = useMemo(() => new Map<number, MathCode>(taxCodes.map((c) => [c.id, c])), [taxCodes]);
  const preview = previewOf(values, codeMap, rounding);
  const lineAccounts = useMemo(() => accounts.filter((a) => !controlAccounts.includes(a.id)), [accounts, controlAccounts]);
  const offered = (i: number) =>
    codesFor(
      taxCodes,
      kind,
      values.issue_date,
      values.lines.map((l, k) => (k === i ? l.tax_code_id : "")),
    );

  const defaultsOf = (c: PickedContact | null) => {
    const account = c && c.payment_terms_days !== undefined ? defaultAccountOf(c as Contact, kind) : null;
    const code = c?.default_tax_code_id ?? null;
    const codeOk = code != null && codesFor(taxCodes, kind, dateNow(), []).some((t) => t.id === code);
    return { account_id: account ? String(account) : "", tax_code_id: codeOk ? String(code) : "" };
  };

  function chooseContact(c: Contact | null) {
    setPicked(c);
    setValue("contact_id", c ? String(c.id) : "", { shouldDirty: true, shouldValidate: formState.isSubmitted });
    if (!c) return;
    const d = defaultsOf(c);
    getValues("lines").forEach((l, i) => {
      if (!l.account_id && d.account_id) setValue(`lines.${i}.account_id`, d.account_id, { shouldDirty: true });
      if (!l.tax_code_id && d.tax_code_id) setValue(`lines.${i}.tax_code_id`, d.tax_code_id, { shouldDirty: true });
    });
  }

  const { register } = form;
  const fields = { register, setValue, formState };
  return { fields, values, lines, picked, chooseContact, preview, lineAccounts, offered, newLine: () => blankLine(defaultsOf(picked)) };
}

/** The lines of a document's form, then its notes (`notesHint` under them) beside `children` (its totals). */
export function DocumentLinesAndNotes({
  formId,
  lines: d,
  notesHint,
  children,
}: {
  formId: string;
  lines: ReturnType<typeof useDocumentLines<unknown>>;
  notesHint: string;
  children: ReactNode;
}) {
  const { register, setValue, formState } = d.fields;
  const err = formState.errors;
  return (
    <>
      <DocumentFormLines
        formId={formId}
        fields={d.lines.fields}
        lines={d.values.lines}
        amounts={d.preview.amounts}
        errors={err.lines}
        accounts={d.lineAccounts}
        codesOf={d.offered}
        register={register}
        setValue={setValue}
        validate={formState.isSubmitted}
        onAdd={() => d.lines.append(d.newLine(), { focusName: `lines.${d.lines.fields.length}.description` })}
        onRemove={(i) => d.lines.remove(i)}
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <InputField
          as="textarea"
          id={`${formId}-notes`}
          label="Notes"
          optional
          rows={3}
          maxLength={2000}
          hint={notesHint}
          error={err.notes?.message}
          {...register("notes")}
        />
        {children}
      </div>
    </>
  );
}
