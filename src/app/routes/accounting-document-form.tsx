import { data, redirect } from "react-router";
import type { Route } from "./+types/accounting-document-form";
import { pageId, requireBooksPage } from "~/features/tenancy/books-page.server.ts";
import { todayIso } from "~/lib/format.ts";
import { AppError } from "~/server/http/app-error.ts";
import { listTaxCodes, readTaxSettings } from "~/features/tax/tax-codes.server.ts";
import { getDocument } from "~/features/sales/document-queries.server.ts";
import { getContact } from "~/features/sales/contacts.server.ts";
import { readSalesSettings } from "~/features/sales/sales-settings.server.ts";
import { DOCUMENT_KINDS, sideOfKind, type DocumentKind } from "~/features/sales/sales.schema.ts";
import { KIND_LABELS } from "~/features/sales/document-math.ts";
import { DocumentForm } from "~/features/sales/components/document-form.tsx";
import { blankDocument, creditKindOf, creditOf, formOfDocument } from "~/features/sales/components/document-form-values.ts";
import { sectionOf } from "~/features/sales/components/document-paths.ts";

export const meta: Route.MetaFunction = ({ data: d }) => [
  {
    title: d
      ? `${d.editing ? "Edit" : "New"} ${KIND_LABELS[d.kind].toLowerCase()} | Ledgerline Advisors`
      : "Document | Ledgerline Advisors",
  },
  { name: "robots", content: "noindex" },
];

const notFound = () => data("Not found", { status: 404 });
const orNull = <T,>(p: Promise<T>) =>
  p.catch((err: unknown) => {
    if (err instanceof AppError && err.status === 404) return null;
    throw err;
  });

/**
 * /accounting/:orgId/sales/new?kind=invoice|credit_note (purchases/new?kind=bill|supplier_credit), with `credits=<id>`
 * a credit for an approved invoice or bill (its contact and lines filled in); /accounting/:orgId/sales/:docId/edit a
 * draft (or a bill awaiting approval). For those who hold "books.sales.write". The books' tax codes and settings
 * price the lines as the server will.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { membership } = await requireBooksPage(context, request, params.orgId, "books.sales.write");
  const db = context.app.db;
  const url = new URL(request.url);
  const section = url.pathname.split("/")[3] === "purchases" ? "purchases" : "sales";
  const base = `/accounting/${membership.organizationId}`;
  const today = todayIso();
  const [taxCodes, tax, settings] = await Promise.all([
    listTaxCodes(db, membership),
    readTaxSettings(db, membership),
    readSalesSettings(db, membership.organizationId),
  ]);
  const shared = {
    taxCodes,
    rounding: tax.tax_rounding,
    controlAccounts: [settings.receivable_account_id, settings.payable_account_id],
    billsNeedApproval: settings.bills_need_approval,
  };
  const contactOf = async (id: number) => {
    const c = await orNull(getContact(db, membership, id));
    return (
      c && {
        id: c.id,
        name: c.name,
        payment_terms_days: c.payment_terms_days,
        default_revenue_account_id: c.default_revenue_account_id,
        default_expense_account_id: c.default_expense_account_id,
        default_tax_code_id: c.default_tax_code_id,
      }
    );
  };

  if (params.docId !== undefined) {
    const id = pageId(params.docId);
    const doc = id === null ? null : await orNull(getDocument(db, membership, id));
    if (!doc) throw notFound();
    const own = sectionOf(sideOfKind(doc.kind));
    if (!["draft", "awaiting_approval"].includes(doc.status)) throw redirect(`${base}/${own}/${doc.id}`);
    return {
      ...shared,
      kind: doc.kind,
      editing: { id: doc.id, status: doc.status },
      credited: doc.credits_document_id ? await creditedOf(doc.credits_document_id) : null,
      initial: formOfDocument(doc),
      contact: await contactOf(doc.contact_id),
    };
  }

  const asked = url.searchParams.get("kind");
  const kinds = DOCUMENT_KINDS.filter((k) => sectionOf(sideOfKind(k)) === section);
  const credits = pageId(url.searchParams.get("credits") ?? undefined);
  if (credits !== null) {
    const doc = await orNull(getDocument(db, membership, credits));
    const kind = doc && creditKindOf(doc.kind);
    if (!doc || !kind || doc.status !== "approved") throw notFound();
    if (sectionOf(sideOfKind(kind)) !== section)
      throw redirect(`${base}/${sectionOf(sideOfKind(kind))}/new?kind=${kind}&credits=${doc.id}`);
    return {
      ...shared,
      kind,
      editing: null,
      credited: { id: doc.id, number: doc.number },
      initial: creditOf(doc, today),
      contact: await contactOf(doc.contact_id),
    };
  }
  const other = DOCUMENT_KINDS.find((k) => k === asked && !kinds.includes(k));
  if (other) throw redirect(`${base}/${sectionOf(sideOfKind(other))}/new?kind=${other}`);
  const kind: DocumentKind = kinds.find((k) => k === asked) ?? kinds[0]!;
  return {
    ...shared,
    kind,
    editing: null,
    credited: null,
    initial: blankDocument(kind, today, tax.tax_amounts),
    contact: null,
  };

  async function creditedOf(id: number) {
    const d = await orNull(getDocument(db, membership, id));
    return d && { id: d.id, number: d.number };
  }
}

export default function AccountingDocumentForm({ loaderData }: Route.ComponentProps) {
  const d = loaderData;
  // A new form for each document (or kind), so that its values start again from the loader's.
  const key = d.editing ? `edit-${d.editing.id}` : `new-${d.kind}-${d.credited?.id ?? ""}`;
  return <DocumentForm key={key} {...d} />;
}
