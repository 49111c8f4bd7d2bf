import { useId, useRef, useState } from "react";
import { useForm, type FieldErrors } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Link, useNavigate } from "react-router";
import { Button, buttonClass } from "~/ui/button.tsx";
import { InputField } from "~/ui/field.tsx";
import { useAction } from "~/ui/use-action.ts";
import { toast } from "~/ui/toast.ts";
import { firstMessage } from "~/lib/form.ts";
import { useBooks, useMoney, type TaxCode, type TaxRounding } from "~/features/ledger/index.ts";
import { KIND_LABELS } from "../document-math.ts";
import { approveDocument, createDocument, submitDocument, updateDocument } from "../documents.api.ts";
import { sideOfKind, type DocumentInput, type DocumentKind } from "../sales.schema.ts";
import type { Contact, DocumentStatus } from "../sales.types.ts";
import { ContactPicker, type PickedContact } from "./document-contact-picker.tsx";
import { DocumentLinesAndNotes, useDocumentLines } from "./document-form-body.tsx";
import {
  documentFormSchema,
  dueFromTerms,
  payloadOf,
  referenceLabel,
  referenceMessage,
  type DocumentFormState,
} from "./document-form-values.ts";
import { documentPath, listPath } from "./document-paths.ts";
import { FormRefusal, setRefusal } from "./form-end.tsx";

/** The fields of the form a refusal may name; any other field the server names is told above the buttons. */
const FORM_FIELD =
  /^(contact_id|issue_date|due_date|reference|amounts_are|notes|lines|lines\.\d+\.(description|quantity|unit_price|discount_percent|account_id|tax_code_id))$/;

type Mode = "draft" | "approve" | "submit";

export interface DocumentFormProps {
  kind: DocumentKind;
  /** The draft edited (null: a new document). */
  editing: { id: number; status: DocumentStatus } | null;
  /** The approved document a credit note or supplier credit credits. */
  credited: { id: number; number: string | null } | null;
  initial: DocumentFormState;
  /** The contact of the draft or of the credited document. */
  contact: PickedContact | null;
  /** The books' tax codes (archived ones left out) and how tax is rounded. */
  taxCodes: TaxCode[];
  rounding: TaxRounding;
  /** The receivables and payables accounts: a line is never on them. */
  controlAccounts: number[];
  billsNeedApproval: boolean;
}

/**
 * A new document, or a draft changed (/accounting/:orgId/sales/new?kind=…, …/:docId/edit): its contact (choosing one
 * fills its default account and tax code on the lines that have none, and the due date from its payment terms until a
 * due date is typed), dates, reference, how amounts are typed and its lines, with each line's amount and the
 * subtotal, tax and total as they will be priced. "Save draft" keeps it a draft; "Save and approve" numbers and posts
 * it; a bill where bills need approval is submitted for it instead. A refusal is told on its fields.
 */
export function DocumentForm(props: DocumentFormProps) {
  const { kind, editing, credited, initial, contact, taxCodes, rounding, controlAccounts, billsNeedApproval } = props;
  const { organization, can } = useBooks();
  const { money } = useMoney();
  const orgId = organization.id;
  const navigate = useNavigate();
  const formId = useId();
  const label = KIND_LABELS[kind];
  const side = sideOfKind(kind);
  const form = useForm<DocumentFormState, unknown, DocumentInput>({ resolver: zodResolver(documentFormSchema), defaultValues: initial });
  const { register, handleSubmit, setValue, getValues, setError, watch, formState } = form;
  const values = watch();
  const d = useDocumentLines(form, { kind, values, dateNow: () => getValues("issue_date"), taxCodes, rounding, controlAccounts, contact });
  const { picked, preview } = d;
  const [savedId, setSavedId] = useState<number | null>(editing?.id ?? null);
  // A due date typed (or the draft's own) is kept; until then it follows the contact's terms and the issue date.
  const dueTyped = useRef(editing !== null);
  const { act, pending } = useAction();
  const err = formState.errors;

  /** The contact's defaults on the lines, and its terms on the due date until one is typed. */
  function chooseContact(c: Contact | null) {
    d.chooseContact(c);
    if (c && !dueTyped.current) setValue("due_date", dueFromTerms(c, getValues("issue_date")));
  }

  /** Saves the draft, then approves or submits it as asked; on success, the document's page. */
  const save = (mode: Mode) =>
    handleSubmit(async () => {
      const payload = payloadOf(getValues());
      const saved = await act(() => (savedId === null ? createDocument(orgId, payload) : updateDocument(orgId, savedId, payload)), {
        failure: `${label} not saved`,
        success: mode === "draft" ? `${label} saved as a draft` : undefined,
        changes: false,
      });
      if (!saved.ok) return tell(saved.fields);
      const id = saved.data.document.id;
      setSavedId(id);
      if (mode !== "draft") {
        const done = await act(() => (mode === "approve" ? approveDocument(orgId, id) : submitDocument(orgId, id)), {
          failure: mode === "approve" ? `${label} saved as a draft, not approved` : `${label} saved as a draft, not submitted`,
          success: ({ document: d }) => (mode === "approve" ? `${label} ${d.number} approved` : `${label} submitted for approval`),
          changes: false,
        });
        if (!done.ok) return tell(done.fields);
      }
      navigate(documentPath(orgId, kind, id));
    }, refused);

  /** The server's refusal on the fields it names (those of the form; any other above the buttons). */
  const tell = (fields: Record<string, string>) => setRefusal(setError, fields, FORM_FIELD);

  function refused(errors: FieldErrors<DocumentFormState>) {
    toast.error(`${label} not saved`, { description: referenceMessage(kind, firstMessage(errors)) ?? "Check the fields marked" });
    if (errors.contact_id) document.getElementById(`${formId}-contact`)?.focus();
  }

  const approvalFirst = kind === "bill" && billsNeedApproval && editing?.status !== "awaiting_approval";
  const canApprove = can["books.sales.approve"];
  const title = editing
    ? `Edit ${label.toLowerCase()}`
    : credited
      ? `New ${label.toLowerCase()} for ${credited.number}`
      : `New ${label.toLowerCase()}`;
  const back = editing ? documentPath(orgId, kind, editing.id) : listPath(orgId, side);

  return (
    <form id={formId} noValidate onSubmit={(e) => void save("draft")(e)} aria-labelledby={`${formId}-title`} className="space-y-6">
      <div>
        <Link to={back} className="text-sm font-medium text-brand-700 underline">
          {editing ? "Back to the document" : side === "receivable" ? "Back to sales" : "Back to purchases"}
        </Link>
        <h2 id={`${formId}-title`} className="mt-2 text-2xl font-semibold text-ink">
          {title}
        </h2>
        {credited ? (
          <p className="mt-1 text-sm text-muted">
            Once approved, it settles {credited.number} as far as both go; what is left stays as the contact&apos;s credit.
          </p>
        ) : null}
      </div>
      <div className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-4">
        <div className="sm:col-span-2">
          <ContactPicker
            id={`${formId}-contact`}
            label={side === "receivable" ? "Customer" : "Supplier"}
            orgId={orgId}
            role={side === "receivable" ? "customer" : "supplier"}
            value={picked}
            onChange={chooseContact}
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
      <DocumentLinesAndNotes formId={formId} lines={d} notesHint="Shown on the document">
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
      </DocumentLinesAndNotes>
      <FormRefusal message={err.root?.server?.message} />
      <div className="flex flex-wrap gap-2">
        {approvalFirst ? (
          <Button variant="accent" disabled={pending} onClick={() => void save("submit")()}>
            Submit for approval
          </Button>
        ) : canApprove ? (
          <Button variant="accent" disabled={pending} onClick={() => void save("approve")()}>
            Save and approve
          </Button>
        ) : null}
        <Button type="submit" variant="secondary" disabled={pending}>
          Save draft
        </Button>
        <Link to={back} className={buttonClass("ghost")}>
          Cancel
        </Link>
      </div>
    </form>
  );
}
