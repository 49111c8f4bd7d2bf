import { createHash, randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { centsToDecimal, toCents } from "~/lib/money.ts";
import { queryRows, type Db } from "~/server/db/client.ts";
import { conflict, notFound as appNotFound } from "~/server/http/app-error.ts";
import { notFound } from "~/features/ledger/index.server.ts";
import type { Membership } from "~/features/tenancy/tenancy.types.ts";
import { getDocument } from "./document-queries.server.ts";
import { KIND_LABELS } from "./document-math.ts";
import { companyOf, readBranding, type Branding } from "./company-branding.server.ts";
import { documentFileName, documentPdf } from "./sales-pdf.server.ts";
import type { DocumentDetails, DocumentLink } from "./sales.types.ts";
import type { SharedDocument } from "./sharing.types.ts";

/*
 * Links to one document for the customer (decision 116). The secret is 32 random bytes (base64url, 43 characters) in
 * the link's address, shown once; only its SHA-256 is kept. A link opens its document only: while not expired (30 days
 * unless chosen, at most 90) and not revoked; an unknown, expired or revoked secret is the same 404. What it opens is
 * the document's customer-facing fields: no id of any row, no other document, nothing of the books.
 */

/** The page a link opens (src/app/routes/shared-document.tsx); its API is /api/shared/documents/:token. */
export const SHARED_PAGE_PATH = "/shared/document";
/** A secret as it appears in an address: 32 bytes in base64url. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const hashOf = (token: string): Buffer => createHash("sha256").update(token).digest();

/** The same answer for a secret that is unknown, expired or revoked. */
export const linkNotFound = () => appNotFound("This link does not open a document: it may have expired or been revoked");

const linkColumns = sql`k.id, (to_jsonb(k.expires_at) #>> '{}') as expires_at, (to_jsonb(k.revoked_at) #>> '{}') as revoked_at,
  (to_jsonb(k.last_viewed_at) #>> '{}') as last_viewed_at, (to_jsonb(k.created_at) #>> '{}') as created_at`;

/**
 * A document that may go to its customer: an approved invoice or credit note of the organization (404 when there is
 * none, 409 for a draft, a void document, or a purchase).
 */
export async function assertShareable(
  db: Db,
  m: Pick<Membership, "organizationId">,
  id: number,
): Promise<{ id: number; kind: string; number: string }> {
  const [d] = await queryRows<{ id: number; kind: string; status: string; number: string | null }>(
    db,
    sql`select id, kind, status, number from sales_documents where organization_id = ${m.organizationId} and id = ${id} and status <> 'template'`,
  );
  if (!d) throw notFound("Document");
  if (d.kind !== "invoice" && d.kind !== "credit_note") throw conflict("Only an invoice or a credit note goes to a customer");
  if (d.status === "void") throw conflict("A void document is not sent");
  if (d.status !== "approved") throw conflict("Approve the document before it goes to the customer");
  return { id: Number(d.id), kind: d.kind, number: d.number! };
}

/** Makes a link in the caller's transaction: its secret (to put in the address) and its row. */
export async function insertLink(
  tx: Db,
  m: Pick<Membership, "organizationId" | "userId">,
  documentId: number,
  days: number,
): Promise<{ token: string; link: DocumentLink }> {
  const token = randomBytes(32).toString("base64url");
  const [row] = await queryRows<DocumentLink>(
    tx,
    sql`insert into document_links as k (organization_id, document_id, token_hash, expires_at, created_by)
        values (${m.organizationId}, ${documentId}, ${hashOf(token)}, now() + make_interval(days => ${days}), ${m.userId})
        returning ${linkColumns}`,
  );
  return { token, link: { ...row!, id: Number(row!.id) } };
}

/** The address of the page a link opens. */
export const linkUrl = (publicUrl: string, token: string): string => `${publicUrl}${SHARED_PAGE_PATH}/${token}`;

/** POST /documents/:id/links: a new link to an approved invoice or credit note, its address shown this once. */
export async function createLink(
  db: Db,
  m: Pick<Membership, "organizationId" | "userId">,
  documentId: number,
  days: number,
  publicUrl: string,
): Promise<DocumentLink & { url: string }> {
  await assertShareable(db, m, documentId);
  const { token, link } = await insertLink(db, m, documentId, days);
  return { ...link, url: linkUrl(publicUrl, token) };
}

/** Revokes a link of the document (once; revoking again answers it as it is). */
export async function revokeLink(db: Db, m: Pick<Membership, "organizationId">, documentId: number, linkId: number): Promise<DocumentLink> {
  const [row] = await queryRows<DocumentLink>(
    db,
    sql`update document_links k set revoked_at = coalesce(k.revoked_at, now())
         where k.organization_id = ${m.organizationId} and k.document_id = ${documentId} and k.id = ${linkId}
        returning ${linkColumns}`,
  );
  if (!row) throw notFound("Link");
  return { ...row, id: Number(row.id) };
}

/** What a live secret opens: the document's organization and id, its link's expiry. Marks the link viewed. */
async function openLink(db: Db, token: string): Promise<{ organizationId: number; documentId: number; expiresAt: string }> {
  if (!TOKEN_PATTERN.test(token)) throw linkNotFound();
  const [row] = await queryRows<{ organization_id: number; document_id: number; expires_at: string }>(
    db,
    sql`update document_links k set last_viewed_at = now()
          from sales_documents d
         where k.token_hash = ${hashOf(token)} and k.revoked_at is null and k.expires_at > now()
           and d.id = k.document_id and d.organization_id = k.organization_id and d.status in ('approved', 'void')
           and d.kind in ('invoice', 'credit_note')
        returning k.organization_id, k.document_id, (to_jsonb(k.expires_at) #>> '{}') as expires_at`,
  );
  if (!row) throw linkNotFound();
  return { organizationId: Number(row.organization_id), documentId: Number(row.document_id), expiresAt: row.expires_at };
}

/** The contact a document is to, as it prints: its name and address. */
export async function contactOfDocument(
  db: Db,
  organizationId: number,
  contactId: number,
): Promise<{ name: string; address: string | null; email: string | null }> {
  const [c] = await queryRows<{ name: string; address: string | null; email: string | null }>(
    db,
    sql`select name, address, email from contacts where organization_id = ${organizationId} and id = ${contactId}`,
  );
  return c ?? { name: "", address: null, email: null };
}

/** A document's PDF as the books draw it (the business's details, the contact's address) and its file name. */
export async function documentPdfFile(
  db: Db,
  m: Pick<Membership, "organizationId">,
  id: number,
): Promise<{ body: ReadableStream<Uint8Array>; fileName: string }> {
  const d = await getDocument(db, m, id);
  const [contact, branding] = await Promise.all([
    contactOfDocument(db, m.organizationId, d.contact_id),
    readBranding(db, m.organizationId),
  ]);
  return { body: documentPdf(d, contact, branding), fileName: documentFileName(d) };
}

/** The customer-facing state of an approved or void document. */
const stateFor = (d: DocumentDetails): SharedDocument["state"] =>
  d.status === "void" ? "void" : d.state === "paid" || d.state === "partly_paid" || d.state === "overdue" ? d.state : "unpaid";

/** The customer-facing fields of a document, and nothing else of the books. */
export function sharedFields(
  d: DocumentDetails,
  contact: { name: string; address: string | null },
  b: Branding,
  expiresAt: string,
): SharedDocument {
  return {
    kind: d.kind,
    title: KIND_LABELS[d.kind],
    number: d.number ?? "",
    issue_date: d.issue_date,
    due_date: d.due_date,
    reference: d.reference,
    amounts_are: d.amounts_are,
    notes: d.notes,
    state: stateFor(d),
    currency: b.currency,
    lines: d.lines.map((l) => ({
      description: l.description,
      quantity: l.quantity,
      unit_price: l.unit_price,
      discount_percent: l.discount_percent,
      tax_code: l.tax_code,
      amount: l.amount,
    })),
    taxes: d.taxes.map((t) => ({ code: t.code, name: t.name, amount: t.amount })),
    subtotal: d.subtotal,
    tax_total: d.tax_total,
    total: d.total,
    paid: d.status === "void" ? "0.00" : centsToDecimal(toCents(d.total)! - toCents(d.owed)!),
    owed: d.owed,
    customer: { name: contact.name, address: contact.address },
    from: companyOf(b),
    link_expires_at: expiresAt,
  };
}

/** What a secret opens: its one document, as the customer sees it, with what its PDF needs. Marks the link viewed. */
export async function sharedDocument(
  db: Db,
  token: string,
): Promise<{ shared: SharedDocument; document: DocumentDetails; contact: { name: string; address: string | null }; branding: Branding }> {
  const link = await openLink(db, token);
  const document = await getDocument(db, { organizationId: link.organizationId }, link.documentId);
  const [contact, branding] = await Promise.all([
    contactOfDocument(db, link.organizationId, document.contact_id),
    readBranding(db, link.organizationId),
  ]);
  return { shared: sharedFields(document, contact, branding, link.expiresAt), document, contact, branding };
}
