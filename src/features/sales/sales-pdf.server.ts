import PDFDocument from "pdfkit";
import { sql } from "drizzle-orm";
import { fileTypeFromBuffer } from "file-type";
import { FIRM_LOCALE, formatLongDate, moneyIn, type MoneyFormat } from "~/lib/format.ts";
import { centsToDecimal, toCents } from "~/lib/money.ts";
import { queryRows, type Db } from "~/server/db/client.ts";
import { invalidInput } from "~/server/http/app-error.ts";
import { BRAND, INK, MUTED, drawTableRow, renderPdf, type PdfColumn, type PdfFrame } from "~/server/pdf.server.ts";
import type { Membership } from "~/features/tenancy/tenancy.types.ts";
import { KIND_LABELS } from "./document-math.ts";
import { AGING_BUCKETS, sideOfKind, type AgingBucket } from "./sales.schema.ts";
import type { DocumentDetails, Statement } from "./sales.types.ts";
import { LOGO_MAX_BYTES, type CompanyInput } from "./sharing.schema.ts";
import type { CompanyDetails } from "./sharing.types.ts";

/*
 * The documents the books send out, as PDFs (decision 116): an invoice, a credit note, a bill or a supplier credit, and
 * a contact's statement. Each opens with the business that keeps the books (the organization's name, its address and
 * logo: migration 0050), then the contact, then the figures, in the books' currency. Drawn through the one PDF path
 * (renderPdf, US Letter, Helvetica); the pages are kept until the end to write "Page n of N" at their foot (a
 * document has at most 500 lines, a statement a period's lines).
 */

type Doc = PDFKit.PDFDocument;

/** The business as the documents print it, the logo's bytes included. */
export interface Branding {
  name: string;
  address: string | null;
  logo: { bytes: Buffer; type: "image/png" | "image/jpeg" } | null;
  currency: string;
}

export async function readBranding(db: Db, organizationId: number): Promise<Branding> {
  const [row] = await queryRows<{
    name: string;
    address: string | null;
    logo: Uint8Array | null;
    logo_content_type: string | null;
    currency: string;
  }>(db, sql`select name, address, logo, logo_content_type, currency from organizations where id = ${organizationId}`);
  if (!row) throw new Error(`organization ${organizationId} not found`);
  return {
    name: row.name,
    address: row.address,
    logo:
      row.logo && row.logo_content_type
        ? { bytes: Buffer.from(row.logo), type: row.logo_content_type as "image/png" | "image/jpeg" }
        : null,
    currency: row.currency,
  };
}

/** The business's details as the API answers them (the logo as a data: URL). */
export function companyOf(b: Branding): CompanyDetails {
  return { name: b.name, address: b.address, logo: b.logo ? `data:${b.logo.type};base64,${b.logo.bytes.toString("base64")}` : null };
}

/** A logo sent as a data: URL, checked: PNG or JPEG read from its bytes, at most 256 KB, an image pdfkit can draw. */
async function logoOf(dataUrl: string): Promise<{ bytes: Buffer; type: "image/png" | "image/jpeg" }> {
  const refuse = (message: string) => invalidInput({ logo: message }, `logo: ${message}`);
  const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(",") + 1), "base64");
  if (bytes.length === 0) throw refuse("Logo must be a PNG or JPEG image");
  if (bytes.length > LOGO_MAX_BYTES) throw refuse("A logo is at most 256 KB");
  const type = (await fileTypeFromBuffer(bytes))?.mime;
  if (type !== "image/png" && type !== "image/jpeg") throw refuse("Logo must be a PNG or JPEG image");
  try {
    // pdfkit reads the image as it would to draw it (its `openImage` is not in its published types).
    (new PDFDocument({ autoFirstPage: false }) as unknown as { openImage(src: Buffer): unknown }).openImage(bytes);
  } catch {
    throw refuse("The logo cannot be read as an image");
  }
  return { bytes, type };
}

/** Saves the address and, when given, the logo (null removes it). */
export async function saveCompany(db: Db, m: Pick<Membership, "organizationId">, input: CompanyInput): Promise<CompanyDetails> {
  const address = input.address ? input.address : null;
  if (input.logo === undefined) {
    await db.execute(sql`update organizations set address = ${address} where id = ${m.organizationId}`);
  } else {
    const logo = input.logo === null ? null : await logoOf(input.logo);
    await db.execute(
      sql`update organizations set address = ${address}, logo = ${logo?.bytes ?? null}, logo_content_type = ${logo?.type ?? null}
           where id = ${m.organizationId}`,
    );
  }
  return companyOf(await readBranding(db, m.organizationId));
}

const MARGIN = 50;
/** Room kept at the foot of each page for its footer. */
const FOOTER_ROOM = 24;

/** "2.5000" → "2.5"; "3.0000" → "3". */
export const quantityText = (q: string): string => q.replace(/(\.\d*?)0+$/, "$1").replace(/\.$/, "");

/** A unit price in the currency, with its third and fourth decimals only when it has them. */
export function unitPriceText(price: string, currency: string): string {
  const digits = (price.split(".")[1] ?? "").replace(/0+$/, "").length;
  return new Intl.NumberFormat(FIRM_LOCALE, {
    style: "currency",
    currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: Math.max(2, Math.min(4, digits)),
  }).format(price as unknown as number);
}

/** The business at the top left (logo, name, address) and the document's title and facts at the top right. */
function drawHead(doc: Doc, { left, width }: PdfFrame, b: Branding, title: string, facts: [string, string][]) {
  const top = doc.y;
  let y = top;
  if (b.logo) {
    doc.image(b.logo.bytes, left, y, { fit: [150, 56] });
    y += 62;
  }
  const half = width * 0.5;
  doc.font("Helvetica-Bold").fontSize(13).fillColor(INK).text(b.name, left, y, { width: half });
  if (b.address)
    doc
      .font("Helvetica")
      .fontSize(9)
      .fillColor(MUTED)
      .text(b.address, left, doc.y + 2, { width: half });
  const leftBottom = doc.y;
  const rx = left + width * 0.5;
  const rw = width * 0.5;
  doc.font("Helvetica-Bold").fontSize(20).fillColor(BRAND).text(title.toUpperCase(), rx, top, { width: rw, align: "right" });
  doc.moveDown(0.3);
  doc.fontSize(9.5);
  for (const [label, value] of facts) {
    const at = doc.y;
    doc
      .font("Helvetica")
      .fillColor(MUTED)
      .text(label, rx, at, { width: rw * 0.45, align: "right" });
    doc
      .font("Helvetica-Bold")
      .fillColor(INK)
      .text(value, rx + rw * 0.48, at, { width: rw * 0.52, align: "right" });
  }
  doc.x = left;
  doc.y = Math.max(leftBottom, doc.y) + 22;
  doc.fillColor(INK);
}

/** A labelled block: "Bill to", the contact's name in bold and its address. */
function drawParty(doc: Doc, x: number, y: number, w: number, label: string, name: string, address: string | null): number {
  doc.font("Helvetica-Bold").fontSize(8.5).fillColor(MUTED).text(label.toUpperCase(), x, y, { width: w, characterSpacing: 0.5 });
  doc
    .font("Helvetica-Bold")
    .fontSize(11)
    .fillColor(INK)
    .text(name, x, doc.y + 2, { width: w });
  if (address)
    doc
      .font("Helvetica")
      .fontSize(9.5)
      .text(address, x, doc.y + 1, { width: w });
  return doc.y;
}

/** A rule across the frame just above the current line. */
const rule = (doc: Doc, { left, width }: PdfFrame, color = "#cbd5e1") =>
  doc
    .save()
    .strokeColor(color)
    .lineWidth(0.75)
    .moveTo(left, doc.y - 2)
    .lineTo(left + width, doc.y - 2)
    .stroke()
    .restore();

/** A table whose heads are drawn again at the top of every page it runs onto. */
function table(doc: Doc, frame: PdfFrame, cols: PdfColumn[]) {
  const heads = () => {
    doc.fontSize(8.5).fillColor(MUTED);
    drawTableRow(
      doc,
      cols,
      cols.map((c) => c.title),
      { bold: true },
    );
    rule(doc, frame);
    doc.y += 2;
    doc.fontSize(9.5).fillColor(INK);
  };
  const room = () => doc.page.height - doc.page.margins.bottom - FOOTER_ROOM;
  heads();
  return {
    row(values: string[], o: { bold?: boolean } = {}) {
      if (doc.y > room() - 16) {
        doc.addPage();
        heads();
      }
      doc.fontSize(9.5).fillColor(INK);
      drawTableRow(doc, cols, values, { bold: o.bold ?? false, gap: 5 });
    },
    room,
  };
}

/** Label and amount pairs at the right, under a table; the bold ones between rules. */
function drawTotals(doc: Doc, frame: PdfFrame, rows: { label: string; value: string; bold?: boolean; big?: boolean }[]) {
  const { left, width } = frame;
  const lx = left + width * 0.45;
  const lw = width * 0.33;
  const vx = left + width * 0.78;
  const vw = width * 0.22;
  doc.y += 6;
  for (const r of rows) {
    if (doc.y > doc.page.height - doc.page.margins.bottom - FOOTER_ROOM - 20) doc.addPage();
    const at = doc.y;
    const size = r.big ? 12 : 9.5;
    doc
      .font(r.bold ? "Helvetica-Bold" : "Helvetica")
      .fontSize(size)
      .fillColor(r.bold ? INK : MUTED);
    doc.text(r.label, lx, at, { width: lw - 4, align: "right" });
    doc.fillColor(INK).text(r.value, vx, at, { width: vw - 4, align: "right" });
    doc.y = Math.max(doc.y, at + size + 4);
  }
  doc.x = left;
}

/** "Page n of N" and the document's name at the foot of every page (the pages were kept). */
function drawFooters(doc: Doc, { left, width }: PdfFrame, text: string) {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font("Helvetica")
      .fontSize(8)
      .fillColor(MUTED)
      .text(`${text} · Page ${i - range.start + 1} of ${range.count}`, left, doc.page.height - bottom - 10, {
        width,
        align: "center",
        lineBreak: false,
      });
    doc.page.margins.bottom = bottom;
  }
}

/** What a kind of document calls what is still open on it. */
const OWED_LABEL = {
  invoice: "Amount due",
  bill: "Amount due",
  credit_note: "Credit remaining",
  supplier_credit: "Credit remaining",
} as const;

/** The file a document downloads as: "INV-0001.pdf", a draft "invoice-draft-12.pdf". */
export const documentFileName = (d: Pick<DocumentDetails, "id" | "kind" | "number">): string =>
  `${(d.number ?? `${d.kind.replace("_", "-")}-draft-${d.id}`).replace(/[^A-Za-z0-9_.-]/g, "_")}.pdf`;

/** The title of a document as its reader sees it: "Invoice INV-0001", "Draft invoice". */
export const documentTitle = (d: Pick<DocumentDetails, "kind" | "number">): string =>
  d.number ? `${KIND_LABELS[d.kind]} ${d.number}` : `Draft ${KIND_LABELS[d.kind].toLowerCase()}`;

/**
 * One document as a PDF: the business, the contact (billed to, or the supplier of a bill), the number and dates, the
 * lines with quantity, unit price, discount and tax code, the totals with the tax of each code, what was paid and what
 * is still owed. A draft says so; a void document says it was voided.
 */
export function documentPdf(
  d: DocumentDetails,
  contact: { name: string; address: string | null },
  b: Branding,
): ReadableStream<Uint8Array> {
  const fmt: MoneyFormat = moneyIn(b.currency);
  const money = fmt.money;
  const title = documentTitle(d);
  const info = { Title: `${title} · ${b.name}`, Author: b.name };
  return renderPdf({ margin: MARGIN, info, bufferPages: true }, async (doc, frame, pause) => {
    const { left, width } = frame;
    const facts: [string, string][] = [
      ["Number", d.number ?? "Draft"],
      ["Date", formatLongDate(d.issue_date)],
      ["Due", formatLongDate(d.due_date)],
    ];
    if (d.reference) facts.push([d.kind === "bill" || d.kind === "supplier_credit" ? "Supplier's number" : "Reference", d.reference]);
    drawHead(doc, frame, b, KIND_LABELS[d.kind], facts);

    const receivable = sideOfKind(d.kind) === "receivable";
    const partyTop = doc.y;
    const partyBottom = drawParty(
      doc,
      left,
      partyTop,
      width * 0.5,
      receivable ? (d.kind === "invoice" ? "Bill to" : "Credit to") : "Supplier",
      contact.name,
      contact.address,
    );
    // What is owed, large, at the right of the contact.
    const rx = left + width * 0.55;
    const rw = width * 0.45;
    if (d.status === "void") {
      doc.font("Helvetica-Bold").fontSize(16).fillColor("#b91c1c").text("VOID", rx, partyTop, { width: rw, align: "right" });
      doc
        .font("Helvetica")
        .fontSize(9)
        .fillColor(MUTED)
        .text("This document was voided: nothing is owed on it.", rx, doc.y, { width: rw, align: "right" });
    } else if (d.status === "approved") {
      doc
        .font("Helvetica-Bold")
        .fontSize(8.5)
        .fillColor(MUTED)
        .text(OWED_LABEL[d.kind].toUpperCase(), rx, partyTop, { width: rw, align: "right", characterSpacing: 0.5 });
      doc
        .font("Helvetica-Bold")
        .fontSize(18)
        .fillColor(INK)
        .text(money(d.owed), rx, doc.y + 2, { width: rw, align: "right" });
      if (d.owed !== "0.00" && (d.kind === "invoice" || d.kind === "bill"))
        doc
          .font("Helvetica")
          .fontSize(9)
          .fillColor(MUTED)
          .text(`Due ${formatLongDate(d.due_date)}`, rx, doc.y, { width: rw, align: "right" });
    } else {
      doc.font("Helvetica-Bold").fontSize(16).fillColor(MUTED).text("DRAFT", rx, partyTop, { width: rw, align: "right" });
    }
    doc.x = left;
    doc.y = Math.max(partyBottom, doc.y) + 24;

    const cols: PdfColumn[] = [
      { title: "Description", x: left, w: width * 0.4, align: "left" },
      { title: "Qty", x: left + width * 0.4, w: width * 0.09, align: "right" },
      { title: "Unit price", x: left + width * 0.49, w: width * 0.15, align: "right" },
      { title: "Disc.", x: left + width * 0.64, w: width * 0.08, align: "right" },
      { title: "Tax", x: left + width * 0.72, w: width * 0.1, align: "left" },
      { title: "Amount", x: left + width * 0.82, w: width * 0.18, align: "right" },
    ];
    const t = table(doc, frame, cols);
    for (const l of d.lines) {
      await pause();
      const discount = quantityText(l.discount_percent);
      t.row([
        l.description,
        quantityText(l.quantity),
        unitPriceText(l.unit_price, b.currency),
        discount === "0" ? "" : `${discount}%`,
        l.tax_code ?? "",
        money(l.amount),
      ]);
    }
    rule(doc, frame);
    if (d.amounts_are === "inclusive") {
      doc
        .font("Helvetica")
        .fontSize(8.5)
        .fillColor(MUTED)
        .text("Line amounts include tax.", left, doc.y + 2, { width });
    }

    const rows: { label: string; value: string; bold?: boolean; big?: boolean }[] = [{ label: "Subtotal", value: money(d.subtotal) }];
    if (d.taxes.length > 0) for (const x of d.taxes) rows.push({ label: `${x.name} (${x.code})`, value: money(x.amount) });
    else if (d.tax_total !== "0.00") rows.push({ label: "Tax", value: money(d.tax_total) });
    rows.push({ label: "Total", value: money(d.total), bold: true });
    if (d.status === "approved") {
      const paid = toCents(d.total)! - toCents(d.owed)!;
      if (paid !== 0n) rows.push({ label: "Paid and credited", value: money(centsToDecimal(-paid)) });
      rows.push({ label: OWED_LABEL[d.kind], value: money(d.owed), bold: true, big: true });
    }
    drawTotals(doc, frame, rows);

    if (d.notes) {
      doc.y += 16;
      if (doc.y > t.room() - 40) doc.addPage();
      doc.font("Helvetica-Bold").fontSize(9.5).fillColor(INK).text("Notes", left, doc.y, { width });
      doc
        .font("Helvetica")
        .fontSize(9.5)
        .fillColor(INK)
        .text(d.notes, left, doc.y + 2, { width });
    }
    drawFooters(doc, frame, `${b.name} · ${title}`);
  });
}

const BUCKET_LABELS: Record<AgingBucket, string> = {
  current: "Current",
  "1_30": "1-30 days",
  "31_60": "31-60 days",
  "61_90": "61-90 days",
  over_90: "Over 90 days",
};

/** The file a statement downloads as. */
export const statementFileName = (s: Pick<Statement, "contact" | "from" | "to">): string =>
  `statement_${
    s.contact.name
      .replace(/[^A-Za-z0-9]+/g, "_")
      .replace(/^_|_$/g, "")
      .slice(0, 60) || "contact"
  }_${s.from}_${s.to}.pdf`;

/**
 * A contact's statement as a PDF: the business, the contact, the period; the balance brought forward, every line of
 * the period with its running balance, the balance carried; what is due on the last day by age.
 */
export function statementPdf(s: Statement, b: Branding): ReadableStream<Uint8Array> {
  const { money, balance } = moneyIn(b.currency);
  const info = { Title: `Statement · ${s.contact.name} · ${b.name}`, Author: b.name };
  return renderPdf({ margin: MARGIN, info, bufferPages: true }, async (doc, frame, pause) => {
    const { left, width } = frame;
    drawHead(doc, frame, b, "Statement", [
      ["From", formatLongDate(s.from)],
      ["To", formatLongDate(s.to)],
    ]);
    const partyTop = doc.y;
    const receivable = s.side === "receivable";
    const partyBottom = drawParty(
      doc,
      left,
      partyTop,
      width * 0.5,
      receivable ? "Statement for" : "Supplier",
      s.contact.name,
      s.contact.address,
    );
    const rx = left + width * 0.55;
    const rw = width * 0.45;
    doc
      .font("Helvetica-Bold")
      .fontSize(8.5)
      .fillColor(MUTED)
      .text(receivable ? "BALANCE DUE" : "BALANCE OWED", rx, partyTop, { width: rw, align: "right", characterSpacing: 0.5 });
    doc
      .font("Helvetica-Bold")
      .fontSize(18)
      .fillColor(INK)
      .text(balance(s.closing_balance), rx, doc.y + 2, { width: rw, align: "right" });
    doc
      .font("Helvetica")
      .fontSize(9)
      .fillColor(MUTED)
      .text(`on ${formatLongDate(s.to)}`, rx, doc.y, { width: rw, align: "right" });
    doc.x = left;
    doc.y = Math.max(partyBottom, doc.y) + 24;

    const cols: PdfColumn[] = [
      { title: "Date", x: left, w: width * 0.16, align: "left" },
      { title: "Description", x: left + width * 0.16, w: width * 0.36, align: "left" },
      { title: "Charges", x: left + width * 0.52, w: width * 0.16, align: "right" },
      { title: "Credits", x: left + width * 0.68, w: width * 0.16, align: "right" },
      { title: "Balance", x: left + width * 0.84, w: width * 0.16, align: "right" },
    ];
    const t = table(doc, frame, cols);
    t.row([s.from, "Balance brought forward", "", "", balance(s.opening_balance)]);
    for (const l of s.lines) {
      await pause();
      t.row([
        l.date,
        l.description,
        l.charge === "0.00" ? "" : money(l.charge),
        l.credit === "0.00" ? "" : money(l.credit),
        balance(l.balance),
      ]);
    }
    rule(doc, frame);
    t.row([s.to, "Balance carried forward", "", "", balance(s.closing_balance)], { bold: true });

    doc.y += 18;
    if (doc.y > t.room() - 60) doc.addPage();
    doc.font("Helvetica-Bold").fontSize(9.5).fillColor(INK).text("What is due, by age", left, doc.y, { width });
    doc.y += 4;
    const w = width / (AGING_BUCKETS.length + 1);
    const aging: PdfColumn[] = [...AGING_BUCKETS.map((k) => BUCKET_LABELS[k]), "Total"].map((title, i) => ({
      title,
      x: left + i * w,
      w,
      align: "right",
    }));
    const a = table(doc, frame, aging);
    a.row([...AGING_BUCKETS.map((k) => money(s.aging[k])), money(s.aging.total)], { bold: true });
    drawFooters(doc, frame, `${b.name} · Statement for ${s.contact.name}`);
  });
}
