import { deflateSync } from "node:zlib";
import type { TestApp, TestUser } from "./test-app.ts";
import type { Json, ValidRequest } from "./api-requests.ts";

/*
 * Customers and suppliers in the route catalogue (api-requests.ts): fixtures made through the API, and a valid request
 * for each route of the feature. Each write that changes a document's state has a document of its own.
 */

export interface SalesFixtures {
  customerId: number;
  supplierId: number;
  /** A contact with nothing on it (the delete route), and one to merge into the customer. */
  spareContactId: number;
  mergeContactId: number;
  revenueAccountId: number;
  expenseAccountId: number;
  bankAccountId: number;
  receivableAccountId: number;
  payableAccountId: number;
  /** Drafts: edited, deleted, submitted, approved alone, approved with others. */
  draftId: number;
  spareDraftId: number;
  submitId: number;
  approveId: number;
  approveManyIds: number[];
  /** Approved invoices: one to void, one whose open item takes payments and allocations. */
  voidId: number;
  openItemId: number;
  /** A credit (an unallocated payment) of the customer, for the allocation route. */
  creditItemId: number;
  /** A live allocation, for its undo route. */
  allocationId: number;
  /** A draft bill with its files (documentFileFixtures). */
  files: DocumentFileFixtures;
  /** Recurring invoices (recurringInvoiceFixtures). */
  recurring: RecurringInvoiceFixtures;
  /** Documents going out: their own invoices and a link (sharingFixtures). */
  sharing: SharingFixtures;
  /** A bank account with a statement line of 20.00 in, and an approved invoice of the customer for it to settle. */
  settle: { bankId: number; lineId: number; itemId: number };
}

type Call = (path: string, json?: Json, method?: string) => Promise<Json>;

export function salesInvoiceBody(s: Pick<SalesFixtures, "customerId" | "revenueAccountId">, o: Json = {}): Json {
  return {
    kind: "invoice",
    contact_id: s.customerId,
    issue_date: "2026-03-10",
    reference: "PO-17",
    lines: [{ description: "Bookkeeping, March", quantity: "2", unit_price: "150.00", discount_percent: "5", account_id: s.revenueAccountId, tax_code_id: null }],
    ...o,
  };
}

export async function createSalesFixtures(t: TestApp, admin: TestUser, orgId: number): Promise<SalesFixtures> {
  const call: Call = async (path, json, method) => {
    const res = await t.request(`/api/accounting/orgs/${orgId}${path}`, { cookie: admin.cookie, ...(json ? { json } : {}), ...(method ? { method } : {}) });
    const text = await res.text();
    if (res.status >= 300) throw new Error(`${path}: ${res.status} ${text}`);
    return text ? (JSON.parse(text) as Json) : {};
  };
  const { accounts } = (await call("/accounts")) as { accounts: { id: number; account_type: string; account_name: string }[] };
  const s = {
    revenueAccountId: accounts.find((a) => a.account_type === "Revenue")!.id,
    expenseAccountId: accounts.find((a) => a.account_type === "Expense")!.id,
    bankAccountId: accounts.find((a) => a.account_type === "Asset" && !/receivable/i.test(a.account_name))!.id,
  } as SalesFixtures;
  const { settings } = (await call("/sales/settings")) as { settings: { receivable_account_id: number; payable_account_id: number } };
  s.receivableAccountId = settings.receivable_account_id;
  s.payableAccountId = settings.payable_account_id;
  const contact = async (name: string, o: Json = {}) => ((await call("/contacts", { name, email: "billing@example.com", ...o })).contact as { id: number }).id;
  s.customerId = await contact("Fuzz Customer");
  s.supplierId = await contact("Fuzz Supplier", { is_customer: false, is_supplier: true });
  s.spareContactId = await contact("Fuzz Spare");
  s.mergeContactId = await contact("Fuzz Customer (duplicate)");
  const draft = async (o: Json = {}) => ((await call("/documents", salesInvoiceBody(s, o))).document as { id: number }).id;
  s.draftId = await draft();
  s.spareDraftId = await draft();
  s.submitId = await draft();
  s.approveId = await draft();
  s.approveManyIds = [await draft(), await draft()];
  const approved = async () => {
    const id = await draft();
    return (await call(`/documents/${id}/approve`, undefined, "POST")).document as { id: number; item_id: number };
  };
  s.voidId = (await approved()).id;
  s.openItemId = (await approved()).item_id;
  const other = await approved();
  const payment = (await call("/payments", {
    contact_id: s.customerId,
    side: "receivable",
    direction: "in",
    date: "2026-03-20",
    account_id: s.bankAccountId,
    amount: "100.00",
    allocations: [{ item_id: other.item_id, amount: "40.00" }],
  })).payment as { item_id: number };
  s.creditItemId = payment.item_id;
  const { document } = (await call(`/documents/${other.id}`)) as { document: { payments: { allocation_id: number }[] } };
  s.allocationId = document.payments[0]!.allocation_id;
  s.files = await documentFileFixtures(t, admin, orgId, call, s);
  s.recurring = await recurringInvoiceFixtures(call, s);
  s.sharing = await sharingFixtures(call, s);
  // A statement line settled against open items (the bank's routes).
  const bankAccount = (
    (await call("/accounts", { account_code: "1096", account_name: "Fuzz settle bank", account_type: "Asset" })).account as { id: number }
  ).id;
  const bankApi = async (path: string, init: { json?: Json; body?: string; method?: string } = {}) => {
    const res = await t.request(`/api/bank/${orgId}${path}`, { cookie: admin.cookie, ...init });
    const text = await res.text();
    if (res.status >= 300) throw new Error(`${path}: ${res.status} ${text}`);
    return JSON.parse(text) as Json;
  };
  const bankId = (
    (await bankApi("/accounts", { json: { name: "Fuzz settle bank", kind: "bank", account_id: bankAccount } })).account as { id: number }
  ).id;
  await bankApi(`/accounts/${bankId}/statements?name=fuzz-settle.csv`, {
    method: "POST",
    body: "Date,Description,Amount\r\n2026-03-22,FUZZ CUSTOMER PAYMENT,20.00\r\n",
  });
  const { lines } = (await bankApi(`/accounts/${bankId}/lines?show=all`)) as { lines: { id: number }[] };
  s.settle = { bankId, lineId: lines[0]!.id, itemId: (await approved()).item_id };
  return s;
}

/** A valid request for each route of customers and suppliers. */
export function salesRequests(f: { orgId: number; sales: SalesFixtures }): ValidRequest[] {
  const org = { orgId: () => String(f.orgId) };
  const s = () => f.sales;
  const at = (id: () => number) => ({ ...org, id: () => String(id()) });
  const P = "/api/accounting/orgs/:orgId";
  const line = () => ({ ...org, bankId: () => String(s().settle.bankId), lineId: () => String(s().settle.lineId) });
  return [
    { method: "GET", path: `${P}/sales/settings`, params: org },
    {
      method: "PUT",
      path: `${P}/sales/settings`,
      params: org,
      body: () => ({ receivable_account_id: s().receivableAccountId, payable_account_id: s().payableAccountId, bills_need_approval: false, client_may_send: true }),
    },
    { method: "GET", path: `${P}/contacts`, params: org, query: () => ({ q: "Fuzz", role: "customer", page: "1" }) },
    { method: "POST", path: `${P}/contacts`, params: org, body: () => ({ name: "Fuzz New", email: "new@example.com", payment_terms_days: 30 }) },
    { method: "GET", path: `${P}/contacts/:id`, params: at(() => s().customerId) },
    { method: "PUT", path: `${P}/contacts/:id`, params: at(() => s().customerId), body: () => ({ name: "Fuzz Customer", email: "billing@example.com" }) },
    { method: "DELETE", path: `${P}/contacts/:id`, params: at(() => s().spareContactId) },
    { method: "POST", path: `${P}/contacts/:id/merge`, params: at(() => s().mergeContactId), body: () => ({ into_id: s().customerId }) },
    { method: "GET", path: `${P}/contacts/:id/statement`, params: at(() => s().customerId), query: () => ({ from: "2026-03-01", to: "2026-03-31", side: "receivable" }) },
    { method: "GET", path: `${P}/documents`, params: org, query: () => ({ kind: "invoice", status: "unpaid", contact_id: String(s().customerId), q: "PO", page: "1" }) },
    { method: "POST", path: `${P}/documents`, params: org, body: () => salesInvoiceBody(s()), deep: ["lines.0.quantity", "lines.0.unit_price", "lines.0.account_id"] },
    { method: "POST", path: `${P}/documents/approve`, params: org, body: () => ({ ids: s().approveManyIds }) },
    { method: "GET", path: `${P}/documents/:id`, params: at(() => s().draftId) },
    { method: "PUT", path: `${P}/documents/:id`, params: at(() => s().draftId), body: () => salesInvoiceBody(s(), { reference: "PO-18" }) },
    { method: "DELETE", path: `${P}/documents/:id`, params: at(() => s().spareDraftId) },
    { method: "POST", path: `${P}/documents/:id/submit`, params: at(() => s().submitId) },
    { method: "POST", path: `${P}/documents/:id/approve`, params: at(() => s().approveId) },
    { method: "POST", path: `${P}/documents/:id/void`, params: at(() => s().voidId), body: () => ({ date: "2026-03-31" }) },
    { method: "GET", path: `${P}/open-items`, params: org, query: () => ({ side: "receivable", contact_id: String(s().customerId), as_of: "2026-03-31" }) },
    {
      method: "POST",
      path: `${P}/payments`,
      params: org,
      body: () => ({
        contact_id: s().customerId,
        side: "receivable",
        direction: "in",
        date: "2026-03-25",
        account_id: s().bankAccountId,
        amount: "10.00",
        allocations: [{ item_id: s().openItemId, amount: "10.00" }],
      }),
      deep: ["allocations.0.item_id", "allocations.0.amount"],
    },
    { method: "POST", path: `${P}/allocations`, params: org, body: () => ({ debit_item_id: s().openItemId, credit_item_id: s().creditItemId, amount: "5.00" }) },
    { method: "POST", path: `${P}/allocations/:id/undo`, params: { ...org, id: () => String(s().allocationId) } },
    { method: "GET", path: `${P}/aging`, params: org, query: () => ({ side: "receivable", as_of: "2026-03-31" }) },
    { method: "GET", path: `${P}/aging/items`, params: org, query: () => ({ side: "receivable", as_of: "2026-03-31", contact_id: String(s().customerId), bucket: "current" }) },
    // A statement line settled against open items (under the bank's routes).
    {
      method: "GET",
      path: "/api/bank/:orgId/accounts/:bankId/lines/:lineId/open-items",
      params: line(),
      query: () => ({ side: "receivable", q: "Fuzz" }),
    },
    {
      method: "POST",
      path: "/api/bank/:orgId/accounts/:bankId/lines/:lineId/settle",
      params: line(),
      body: () => ({
        contact_id: s().customerId,
        allocations: [{ item_id: s().settle.itemId, amount: "19.00" }],
        write_offs: [{ account_id: s().expenseAccountId, amount: "1.00", description: "Early payment discount" }],
      }),
      deep: ["allocations.0.item_id", "allocations.0.amount", "write_offs.0.account_id", "write_offs.0.amount"],
    },
    ...sharingRequests(f),
    ...recurringInvoiceRequests(f),
    ...documentFileRequests(f),
    ...contactsCsvRequests(f),
  ];
}

/** Documents going out (sales-sharing.routes.server.ts): an approved invoice for its links and one to send, and a live link. */
export interface SharingFixtures {
  documentId: number;
  sendId: number;
  linkId: number;
  token: string;
}

async function sharingFixtures(call: Call, s: SalesFixtures): Promise<SharingFixtures> {
  const approve = async () => {
    const { document } = (await call("/documents", salesInvoiceBody(s))) as { document: { id: number } };
    return ((await call(`/documents/${document.id}/approve`, undefined, "POST")).document as { id: number }).id;
  };
  const documentId = await approve();
  const sendId = await approve();
  const { link } = (await call(`/documents/${documentId}/links`, { days: 30 })) as { link: { id: number; url: string } };
  return { documentId, sendId, linkId: link.id, token: link.url.split("/").pop()! };
}

/** Valid requests for the routes of documents going out, and the public routes of a link. */
function sharingRequests(f: { orgId: number; sales: SalesFixtures }): ValidRequest[] {
  const org = { orgId: () => String(f.orgId) };
  const x = () => f.sales.sharing;
  const doc = (id: () => number) => ({ ...org, id: () => String(id()) });
  const customer = () => ({ ...org, id: () => String(f.sales.customerId) });
  const P = "/api/accounting/orgs/:orgId";
  return [
    { method: "GET", path: `${P}/documents/:id/pdf`, params: doc(() => x().documentId) },
    { method: "POST", path: `${P}/documents/:id/links`, params: doc(() => x().documentId) },
    { method: "POST", path: `${P}/documents/:id/links/:linkId/revoke`, params: { ...doc(() => x().documentId), linkId: () => String(x().linkId) } },
    { method: "POST", path: `${P}/documents/:id/send`, params: doc(() => x().sendId) },
    { method: "GET", path: `${P}/contacts/:id/statement.pdf`, params: customer(), query: () => ({ from: "2026-03-01", to: "2026-03-31", side: "receivable" }) },
    {
      method: "POST",
      path: `${P}/contacts/:id/statement/send`,
      params: customer(),
      body: () => ({ from: "2026-03-01", to: "2026-03-31", side: "receivable", email: "statements@example.com", message: "March" }),
    },
    { method: "POST", path: `${P}/statements/send`, params: org, body: () => ({ from: "2026-03-01", to: "2026-03-31", message: "March" }) },
    { method: "GET", path: `${P}/sales/company`, params: org },
    {
      method: "PUT",
      path: `${P}/sales/company`,
      params: org,
      body: () => ({ address: "1 Fuzz Street\nSpringfield", logo: `data:image/png;base64,${logoPng().toString("base64")}` }),
    },
    { method: "GET", path: "/api/shared/documents/:token", params: { token: () => x().token }, anonymous: true },
    { method: "GET", path: "/api/shared/documents/:token/pdf", params: { token: () => x().token }, anonymous: true },
  ];
}

/** A small PNG logo (a loaf on a blue square, 96 × 64), made here: PNG's signature, IHDR, IDAT and IEND. */
export function logoPng(): Buffer {
  const width = 96;
  const height = 64;
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const b of bytes) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const inSquare = x < 64;
      const loaf = ((x - 32) / 24) ** 2 + ((y - 34) / 16) ** 2 <= 1 && y <= 44;
      const [r, g, b] = loaf ? [217, 150, 72] : inSquare ? [30, 64, 175] : [255, 255, 255];
      row.set([r, g, b], 1 + x * 3);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.concat(rows))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** Recurring invoices: one to read, change and pause, one paused (to resume), one to delete. */
export interface RecurringInvoiceFixtures {
  recurringId: number;
  pausedRecurringId: number;
  spareRecurringId: number;
}

/** A recurring invoice's body: monthly from a start ahead, so that saving it makes no invoice yet. */
export function recurringInvoiceBody(s: Pick<SalesFixtures, "customerId" | "revenueAccountId">, o: Json = {}): Json {
  const { kind: _kind, issue_date: _date, ...invoice } = salesInvoiceBody(s);
  const start = new Date(Date.now() + 120 * 86_400_000).toISOString().slice(0, 10);
  return { ...invoice, frequency: "monthly", day_of_month: 1, start_date: start, end_date: null, approve: false, ...o };
}

async function recurringInvoiceFixtures(call: Call, s: SalesFixtures): Promise<RecurringInvoiceFixtures> {
  const schedule = async () => ((await call("/recurring-invoices", recurringInvoiceBody(s))).recurring_invoice as { id: number }).id;
  const recurringId = await schedule();
  const pausedRecurringId = await schedule();
  await call(`/recurring-invoices/${pausedRecurringId}/pause`, undefined, "POST");
  return { recurringId, pausedRecurringId, spareRecurringId: await schedule() };
}

/** Valid requests for recurring invoices. */
function recurringInvoiceRequests(f: { orgId: number; sales: SalesFixtures }): ValidRequest[] {
  const org = { orgId: () => String(f.orgId) };
  const x = () => f.sales.recurring;
  const at = (id: () => number) => ({ ...org, id: () => String(id()) });
  const P = "/api/accounting/orgs/:orgId";
  const deep = ["lines.0.quantity", "lines.0.unit_price", "lines.0.account_id"];
  return [
    { method: "GET", path: `${P}/recurring-invoices`, params: org },
    { method: "POST", path: `${P}/recurring-invoices`, params: org, body: () => recurringInvoiceBody(f.sales), deep },
    { method: "GET", path: `${P}/recurring-invoices/:id`, params: at(() => x().recurringId) },
    { method: "PUT", path: `${P}/recurring-invoices/:id`, params: at(() => x().recurringId), body: () => recurringInvoiceBody(f.sales, { reference: "PO-19" }), deep },
    { method: "DELETE", path: `${P}/recurring-invoices/:id`, params: at(() => x().spareRecurringId) },
    { method: "POST", path: `${P}/recurring-invoices/:id/pause`, params: at(() => x().recurringId) },
    { method: "POST", path: `${P}/recurring-invoices/:id/resume`, params: at(() => x().pausedRecurringId) },
  ];
}

/** A draft bill with two files: one to read, one to remove (document-files.routes.server.ts). */
export interface DocumentFileFixtures {
  billId: number;
  fileId: number;
  spareFileId: number;
}

/** A small PDF (its first bytes make it one), for the files of a bill. */
const SUPPLIER_PDF = "%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n%%EOF\n";

async function documentFileFixtures(t: TestApp, admin: TestUser, orgId: number, call: Call, s: SalesFixtures): Promise<DocumentFileFixtures> {
  const lines = [{ description: "Paper", quantity: "1", unit_price: "80.00", account_id: s.expenseAccountId }];
  const bill = (await call("/documents", salesInvoiceBody(s, { kind: "bill", contact_id: s.supplierId, reference: "SUP-9", lines }))).document as {
    id: number;
  };
  const upload = async (name: string) => {
    const res = await t.request(`/api/sales-documents/${orgId}/${bill.id}/files?name=${name}`, { method: "POST", cookie: admin.cookie, body: SUPPLIER_PDF });
    if (res.status !== 201) throw new Error(`upload: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { file: { id: number } }).file.id;
  };
  return { billId: bill.id, fileId: await upload("invoice.pdf"), spareFileId: await upload("spare.pdf") };
}

/** Valid requests for the files of a bill (their own mount, for a 10 MB body). */
function documentFileRequests(f: { orgId: number; sales: SalesFixtures }): ValidRequest[] {
  const org = { orgId: () => String(f.orgId) };
  const x = () => f.sales.files;
  const bill = { ...org, documentId: () => String(x().billId) };
  const file = (id: () => number) => ({ ...bill, fileId: () => String(id()) });
  return [
    { method: "GET", path: "/api/sales-documents/:orgId/:documentId/files", params: bill },
    {
      method: "POST",
      path: "/api/sales-documents/:orgId/:documentId/files",
      params: bill,
      query: () => ({ name: "supplier invoice.pdf" }),
      file: () => SUPPLIER_PDF,
    },
    { method: "GET", path: "/api/sales-documents/:orgId/:documentId/files/:fileId", params: file(() => x().fileId) },
    { method: "DELETE", path: "/api/sales-documents/:orgId/:documentId/files/:fileId", params: file(() => x().spareFileId) },
  ];
}

/** Valid requests for contacts as CSV: the export, and an import (its preview query said). */
function contactsCsvRequests(f: { orgId: number }): ValidRequest[] {
  const org = { orgId: () => String(f.orgId) };
  const P = "/api/accounting/orgs/:orgId";
  return [
    { method: "GET", path: `${P}/contacts.csv`, params: org },
    {
      method: "POST",
      path: `${P}/contacts/import`,
      params: org,
      query: () => ({ preview: "false" }),
      file: () => "name,email,payment_terms_days,is_supplier\r\nFloat,float@example.com,14,false\r\n",
    },
  ];
}
