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
  ];
}
