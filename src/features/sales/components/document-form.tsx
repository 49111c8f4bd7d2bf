import { useId, useRef, useState } from "react";
import { useForm, type FieldErrors } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Link, useNavigate } from "react-router";
import { Button, buttonClass } from "~/ui/button.tsx";
import { useAction } from "~/ui/use-action.ts";
import { toast } from "~/ui/toast.ts";
import { firstMessage } from "~/lib/form.ts";
import { useBooks, type TaxCode, type TaxRounding } from "~/features/ledger/index.ts";
import { KIND_LABELS } from "../document-math.ts";
import { approveDocument, createDocument, submitDocument, updateDocument } from "../documents.api.ts";
import { sideOfKind, type DocumentInput, type DocumentKind } from "../sales.schema.ts";
import type { Contact, DocumentStatus } from "../sales.types.ts";
import type { PickedContact } from "./document-contact-picker.tsx";
import { DocumentLinesAndNotes, useDocumentLines } from "./document-form-body.tsx";
import { DocumentFormFields, DocumentFormTotals } from "./document-form-fields.tsx";
import { documentFormSchema, dueFromTerms, payloadOf, referenceMessage, type DocumentFormState } from "./document-form-values.ts";
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
  const orgId = organization.id;
  const navigate = useNavigate();
  const formId = useId();
  const label = KIND_LABELS[kind];
  const side = sideOfKind(kind);
  const form = useForm<DocumentFormState, unknown, DocumentInput>({ resolver: zodResolver(documentFormSchema), defaultValues: initial });
  const { handleSubmit, setValue, getValues, setError, watch, formState } = form;
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
      <DocumentFormFields formId={formId} kind={kind} form={form} picked={picked} onContact={chooseContact} dueTyped={dueTyped} />
      <DocumentLinesAndNotes formId={formId} lines={d} notesHint="Shown on the document">
        <DocumentFormTotals formId={formId} preview={preview} />
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
