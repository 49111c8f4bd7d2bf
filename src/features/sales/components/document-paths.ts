import { booksPath } from "~/features/ledger/index.ts";
import { sideOfKind, type DocumentKind, type Side } from "../sales.schema.ts";

/** The books' section of a side: sales (invoices and credit notes) or purchases (bills and supplier credits). */
export const sectionOf = (side: Side): "sales" | "purchases" => (side === "receivable" ? "sales" : "purchases");

/** The list of a side's documents. */
export const listPath = (orgId: number, side: Side): string => booksPath(orgId, sectionOf(side));

/** A document's page, under its side's section: sales/:docId (invoices, credit notes) or purchases/:docId (bills, supplier credits). */
export const sideDocumentPath = (orgId: number, side: Side, id: number): string => booksPath(orgId, `${sectionOf(side)}/${id}`);

/** A document's page, by its kind. */
export const documentPath = (orgId: number, kind: DocumentKind, id: number): string => sideDocumentPath(orgId, sideOfKind(kind), id);

/** A draft's form. */
export const editDocumentPath = (orgId: number, kind: DocumentKind, id: number): string => `${documentPath(orgId, kind, id)}/edit`;

/** A new document's form; `credits`: the approved invoice or bill it credits (its contact and lines filled in). */
export const newDocumentPath = (orgId: number, kind: DocumentKind, credits?: number): string =>
  `${booksPath(orgId, `${sectionOf(sideOfKind(kind))}/new`)}?kind=${kind}${credits ? `&credits=${credits}` : ""}`;
