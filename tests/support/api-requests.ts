import { sql } from "drizzle-orm";
import { queryRows } from "~/server/db/client.ts";
import { addMember } from "~/features/tenancy/organizations.server.ts";
import { issueFormToken } from "~/features/leads/form-token.server.ts";
import { createSignedInUser, type TestApp, type TestUser } from "./test-app.ts";
import { createSalesFixtures, salesRequests, type SalesFixtures } from "./sales-requests.ts";
import { catalogueRequests, createCatalogueFixtures, type CatalogueFixtures } from "./catalogue-requests.ts";
import { createProposalFixtures, proposalRequests, type ProposalFixtures } from "./proposal-requests.ts";
import { commentaryRequests, createCommentaryFixtures, type CommentaryFixtures } from "./commentary-requests.ts";
import { budgetRequests, createBudgetFixtures, type BudgetFixtures } from "./budget-requests.ts";
import { createYearEndFixtures, yearEndRequests, type YearEndFixtures } from "./yearend-requests.ts";

/**
 * A valid request for every route of the app's API (keyed as its route table names it, see route-table.ts), and
 * for the auth endpoints the pages call, on fixtures made through the API. Tests that break requests start here;
 * a route of the table without an entry here fails them, so a new route is never left out.
 */

export type Json = Record<string, unknown>;

/** A small PDF (its first bytes make it one), for the document routes. */
const RECEIPT_PDF = "%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n%%EOF\n";

export interface ValidRequest {
  method: string;
  /** The route's pattern as the app registers it (`:param` where a value goes). */
  path: string;
  /** A valid value for each `:param` of the path. */
  params?: Record<string, () => string>;
  body?: () => Json;
  /** A body that is a file (text/csv) rather than JSON. */
  file?: () => string;
  query?: () => Record<string, string>;
  /** Other paths of the body to break besides its top-level keys. */
  deep?: string[];
  /** Sent without a session cookie. */
  anonymous?: boolean;
  /** Whose session: the admin's unless said. */
  as?: () => TestUser;
}

export interface Fixtures {
  admin: TestUser;
  /** A second session of the admin, for the revoke route (revoking the admin's own would end the run). */
  spareSessionId: string;
  /** A staff member the team routes change. */
  staff: TestUser;
  /** A client who may delete their account. */
  leaver: TestUser;
  /** The client who owns the books of `orgId` (her Billing page: the firm's invoices to her). */
  owner: TestUser;
  orgId: number;
  accountIds: number[];
  draftId: number;
  /** A second draft, for the delete route. */
  spareDraftId: number;
  postedId: number;
  /** A document on the draft, for the document routes. */
  documentId: number;
  /** A recurring entry (its first run far ahead), and a second one for the delete route. */
  recurringId: number;
  spareRecurringId: number;
  /** A bank account on the first Asset account, a Liability account for a card, its statement's lines, a match. */
  bankId: number;
  liabilityId: number;
  bankLineIds: Record<"rent" | "coffee" | "fee" | "stationery" | "parking", number>;
  /** Two rules (the second for the delete route) and a question to the client about the stationery. */
  ruleId: number;
  spareRuleId: number;
  questionId: number;
  /** Ledger lines of the bank's account: the posted entry's, and a second posted entry's (for the cleared route). */
  ledgerLineId: number;
  spareLedgerLineId: number;
  matchId: number;
  /** A batch the rules posted (the toll alone), for its undo route. */
  ruleBatchId: number;
  reconciliationId: number;
  /** A month-end pack of the books, for its download route. */
  packId: number;
  /** A tax code (its routes), and a second one for the delete route. */
  taxCodeId: number;
  spareTaxCodeId: number;
  /** A filed tax return (June 2025); August 2025 holds a tax-coded sale, ready to file. */
  taxReturnId: number;
  submissionId: string;
  leadId: string;
  invitationId: number;
  /** The client of the books (their owner), a document request with an item per route, a file accepted for the attach route. */
  requestClient: TestUser;
  requestId: number;
  requestItemIds: Record<"upload" | "unavailable" | "accept" | "return" | "attach", number>;
  requestFileId: number;
  versionId: number;
  /** A file the admin uploaded to the conversation and has not sent yet. */
  messageAttachmentId: number;
  /** A template of recurring work applied to the books (its schedule and an instance), and a second template to archive. */
  workTemplateId: number;
  spareWorkTemplateId: number;
  workScheduleId: number;
  workInstanceId: number;
  /** Customers, suppliers, documents, payments and allocations (sales-requests.ts). */
  sales: SalesFixtures;
  /** The firm's catalogue (catalogue-requests.ts). */
  catalogue: CatalogueFixtures;
  /** Proposals: a letter template, drafts, sent and accepted ones, links (proposal-requests.ts). */
  proposals: ProposalFixtures;
  /** The monthly commentary: a draft, a reviewed and a published month (commentary-requests.ts). */
  commentary: CommentaryFixtures;
  /** Budgets: a revenue account for the grid (budget-requests.ts). */
  budgets: BudgetFixtures;
  /** A kept year-end package (yearend-requests.ts). */
  yearEnd: YearEndFixtures;
}

/** A template of recurring work: a plain item first, then one the books tick. */
export function workTemplateBody(title = "Fuzz payroll"): Json {
  return {
    title,
    service: "Payroll",
    description: "Each month's payroll.",
    frequency: "monthly",
    due_kind: "business_day",
    due_day: 3,
    due_months: 0,
    due_shift: "after",
    default_assignee: "accountant",
    items: [
      { section: "Run", label: "Hours collected", binding: null },
      { section: "Run", label: "Period locked", binding: "period_locked" },
    ],
  };
}

async function workFixtures(t: TestApp, f: Fixtures): Promise<void> {
  const cookie = f.admin.cookie;
  for (const [key, title] of [
    ["workTemplateId", "Fuzz close"],
    ["spareWorkTemplateId", "Fuzz spare"],
  ] as const)
    f[key] = (
      await json<{ template: { id: number } }>(t.request("/api/firm/work/templates", { cookie, json: workTemplateBody(title) }))
    ).template.id;
  await json(
    t.request(`/api/firm/work/templates/${f.workTemplateId}/apply`, {
      cookie,
      json: { organization_ids: [f.orgId], first_period: "2026-01-01", assignee_id: f.staff.id },
    }),
  );
  const [made] = await queryRows<{ id: number; schedule_id: number }>(
    t.ctx.db,
    sql`select id, schedule_id from work_instances where template_id = ${f.workTemplateId} order by period_start limit 1`,
  );
  f.workInstanceId = Number(made!.id);
  f.workScheduleId = Number(made!.schedule_id);
}

export const roiInputs = {
  currentRevenue: "500000",
  currentCosts: "350000",
  projectedRevenue: "650000",
  projectedCosts: "400000",
  implementationCost: "50000",
  timeframe: "12",
};

export function recurringBody(f: Fixtures): Json {
  return {
    description: "Office rent",
    reference: "Lease",
    lines: [
      { account_id: f.accountIds[0], description: "rent", debit_amount: "1500.00", credit_amount: "0" },
      { account_id: f.accountIds[1], description: null, debit_amount: "0", credit_amount: "1500.00" },
    ],
    frequency: "monthly",
    day_of_month: 31,
    start_date: "2100-01-31",
    end_date: null,
    post: false,
  };
}

export function entryBody(f: Fixtures): Json {
  return {
    description: "Office rent",
    entry_date: "2026-03-01",
    reference: "INV-1",
    lines: [
      { account_id: f.accountIds[0], description: "rent", debit_amount: 100, credit_amount: 0 },
      { account_id: f.accountIds[1], description: null, debit_amount: 0, credit_amount: 100 },
    ],
  };
}

async function json<T>(res: Response | Promise<Response>): Promise<T> {
  const r = await res;
  if (!r.ok) throw new Error(`fixture request failed: ${r.status} ${await r.text()}`);
  return (await r.json()) as T;
}

/** A statement as a bank's CSV export writes it. */
export const STATEMENT_CSV =
  "Date,Description,Amount\r\n2026-03-01,Office rent,100.00\r\n2026-03-02,Coffee,-4.50\r\n2026-03-03,Bank fee,-2.00\r\n2026-03-04,Stationery,-12.00\r\n2026-03-05,Parking,-3.00\r\n" +
  "2026-03-06,Toll road,-1.75\r\n";

export function ruleBody(f: Fixtures): Json {
  return {
    name: "Parking",
    field: "text",
    operator: "contains",
    value: "parking",
    direction: "out",
    amount_min: "0.50",
    amount_max: "100.00",
    account_id: f.accountIds[1],
    bank_account_id: null,
  };
}

/** A tax code: 20 % output tax on the first Liability account. */
export function taxCodeBody(f: Fixtures, code = "FUZZ-B"): Json {
  return {
    code,
    name: "Fuzz 20%",
    kind: "output",
    base_boxes: ["01"],
    parts: [{ name: "VAT", rate: "20", role: "due", account_id: f.liabilityId, boxes: ["54"] }],
  };
}

/** Files the tax return of a month ("2025-08"), settled to the fixtures' Liability account. */
export function taxReturnBody(f: Fixtures, month = "2025-08"): Json {
  return { period_start: `${month}-01`, period_end: `${month}-30`, authority_account_id: f.liabilityId, name: `Return ${month}` };
}

/** Bank fixtures: an account on the first Asset account, a statement imported, the fee categorized, an empty reconciliation. */
async function bankFixtures(t: TestApp, f: Fixtures, accounts: { id: number; account_type: string }[]): Promise<void> {
  const cookie = f.admin.cookie;
  const orgPath = `/api/bank/${f.orgId}`;
  const asset = accounts.find((a) => a.account_type === "Asset")!.id;
  f.liabilityId = accounts.find((a) => a.account_type === "Liability")!.id;
  f.bankId = (
    await json<{ account: { id: number } }>(
      t.request(`${orgPath}/accounts`, { cookie, json: { name: "Checking", kind: "bank", account_id: asset, currency: "USD" } }),
    )
  ).account.id;
  const bank = `${orgPath}/accounts/${f.bankId}`;
  await json(t.request(`${bank}/statements?name=march.csv`, { method: "POST", cookie, body: STATEMENT_CSV }));
  const { lines } = await json<{ lines: { id: number; description: string }[] }>(t.request(`${bank}/lines?show=all`, { cookie }));
  const idOf = (d: string) => lines.find((l) => l.description === d)!.id;
  f.bankLineIds = {
    rent: idOf("Office rent"),
    coffee: idOf("Coffee"),
    fee: idOf("Bank fee"),
    stationery: idOf("Stationery"),
    parking: idOf("Parking"),
  };
  // The toll posted by a rule of its own, before the others exist (they would post the parking too), then deleted.
  const toll = await json<{ rule: { id: number } }>(
    t.request(`${orgPath}/rules`, { cookie, json: { ...ruleBody(f), name: "Tolls", value: "toll" } }),
  );
  f.ruleBatchId = (await json<{ batch_id: number }>(t.request(`${bank}/apply-rules`, { method: "POST", cookie }))).batch_id;
  await json(t.request(`${orgPath}/rules/${toll.rule.id}`, { method: "DELETE", cookie }));
  for (const key of ["ruleId", "spareRuleId"] as const)
    f[key] = (await json<{ rule: { id: number } }>(t.request(`${orgPath}/rules`, { cookie, json: ruleBody(f) }))).rule.id;
  f.questionId = (
    await json<{ question: { id: number } }>(
      t.request(`${bank}/questions`, { cookie, json: { bank_line_id: f.bankLineIds.stationery, question: "What was this for?" } }),
    )
  ).question.id;
  f.matchId = (
    await json<{ match_ids: number[] }>(
      t.request(`${bank}/categorize`, { cookie, json: { bank_line_ids: [f.bankLineIds.fee], account_id: f.accountIds[1] } }),
    )
  ).match_ids[0]!;
  const spare = (
    await json<{ entry: { id: number } }>(t.request(`/api/accounting/orgs/${f.orgId}/entries`, { cookie, json: entryBody(f) }))
  ).entry.id;
  await json(t.request(`/api/accounting/orgs/${f.orgId}/entries/${spare}/post`, { method: "POST", cookie }));
  const candidates = await json<{ candidates: { ledger_line_id: number; entry_id: number }[] }>(
    t.request(`${bank}/lines/${f.bankLineIds.rent}/candidates`, { cookie }),
  );
  f.ledgerLineId = candidates.candidates.find((c) => c.entry_id === f.postedId)!.ledger_line_id;
  f.spareLedgerLineId = candidates.candidates.find((c) => c.entry_id === spare)!.ledger_line_id;
  f.reconciliationId = (
    await json<{ reconciliation: { id: number } }>(
      t.request(`${bank}/reconciliations`, { cookie, json: { statement_date: "2000-01-31", statement_balance: "0.00" } }),
    )
  ).reconciliation.id;
}

/** A document request to the client, as the firm (the admin, a member of the books) sends it; the client answers some items. */
export function requestBody(): Json {
  return {
    title: "October close",
    message: "Hello, we need these.",
    items: [{ label: "October bank statement", due_on: "2026-11-15" }],
    remind_days_before: 2,
    remind_on_due: true,
    remind_every_days: 3,
  };
}

async function requestFixtures(t: TestApp, f: Fixtures, client: TestUser): Promise<void> {
  f.requestClient = client;
  const api = `/api/requests/${f.orgId}`;
  const labels = ["upload", "unavailable", "accept", "return", "attach"] as const;
  const { request } = await json<{ request: { id: number; list: { id: number }[] } }>(
    t.request(api, {
      cookie: f.admin.cookie,
      json: { ...requestBody(), items: labels.map((label) => ({ label, due_on: "2026-11-15" })) },
    }),
  );
  f.requestId = request.id;
  f.requestItemIds = Object.fromEntries(labels.map((l, i) => [l, request.list[i]!.id])) as Fixtures["requestItemIds"];
  const upload = async (item: number) =>
    (
      await json<{ file: { id: number } }>(
        t.request(`${api}/${request.id}/items/${item}/files?name=receipt.pdf`, {
          method: "POST",
          cookie: client.cookie,
          body: RECEIPT_PDF,
        }),
      )
    ).file.id;
  await upload(f.requestItemIds.accept);
  await upload(f.requestItemIds.return);
  f.requestFileId = await upload(f.requestItemIds.attach);
  await json(t.request(`${api}/${request.id}/items/${f.requestItemIds.attach}/accept`, { method: "POST", cookie: f.admin.cookie }));
}

/** The fixtures every valid request needs, made through the API as a user would. */
export async function createFixtures(t: TestApp): Promise<Fixtures> {
  const admin = await createSignedInUser(t, { role: "admin" });
  // A second session of the admin: signing in again.
  await t.request("/api/auth/sign-in/email", { json: { email: admin.email, password: admin.password } });
  const sessions = await json<{ sessions: { id: string; current: boolean }[] }>(
    t.request("/api/account/sessions", { cookie: admin.cookie }),
  );
  const spareSessionId = sessions.sessions.find((s) => !s.current)!.id;
  const staff = await createSignedInUser(t, { role: "staff" });
  // The leaver owns books of their own: deleting the account asks for their name.
  const leaver = await createSignedInUser(t, { role: "client", companyName: "Leaver Books" });
  await json(t.request("/api/accounting/orgs", { cookie: leaver.cookie }));
  await t.ctx.db.execute(sql`delete from rate_limits`);

  // The firm's people keep clients' books: a client's, with the admin as a second owner.
  const client = await createSignedInUser(t, { companyName: "Fuzz Bakery" });
  const orgs = await json<{ organizations: { id: number }[] }>(t.request("/api/accounting/orgs", { cookie: client.cookie }));
  const orgId = orgs.organizations[0]!.id;
  await addMember(t.ctx.db, orgId, admin.id, "owner");
  const list = await json<{ accounts: { id: number; account_type: string }[] }>(
    t.request(`/api/accounting/orgs/${orgId}/accounts`, { cookie: admin.cookie }),
  );
  const f = { admin, spareSessionId, staff, leaver, owner: client, orgId, accountIds: list.accounts.map((a) => a.id) } as Fixtures;
  f.draftId = (
    await json<{ entry: { id: number } }>(t.request(`/api/accounting/orgs/${orgId}/entries`, { cookie: admin.cookie, json: entryBody(f) }))
  ).entry.id;
  f.spareDraftId = (
    await json<{ entry: { id: number } }>(t.request(`/api/accounting/orgs/${orgId}/entries`, { cookie: admin.cookie, json: entryBody(f) }))
  ).entry.id;
  f.postedId = (
    await json<{ entry: { id: number } }>(t.request(`/api/accounting/orgs/${orgId}/entries`, { cookie: admin.cookie, json: entryBody(f) }))
  ).entry.id;
  await json(t.request(`/api/accounting/orgs/${orgId}/entries/${f.postedId}/post`, { method: "POST", cookie: admin.cookie }));
  f.documentId = (
    await json<{ document: { id: number } }>(
      t.request(`/api/entry-documents/${orgId}/${f.spareDraftId}/documents?name=receipt.pdf`, {
        method: "POST",
        cookie: admin.cookie,
        body: RECEIPT_PDF,
      }),
    )
  ).document.id;
  for (const key of ["recurringId", "spareRecurringId"] as const)
    f[key] = (
      await json<{ recurring: { id: number } }>(
        t.request(`/api/accounting/orgs/${orgId}/recurring`, { cookie: admin.cookie, json: recurringBody(f) }),
      )
    ).recurring.id;
  await bankFixtures(t, f, list.accounts);
  await requestFixtures(t, f, client);
  f.packId = (
    await json<{ pack: { id: number } }>(
      t.request(`/api/accounting/orgs/${orgId}/packs`, { cookie: admin.cookie, json: { month: "2026-03" } }),
    )
  ).pack.id;
  for (const [key, code] of [
    ["taxCodeId", "FUZZ-A"],
    ["spareTaxCodeId", "FUZZ-S"],
  ] as const)
    f[key] = (
      await json<{ tax_code: { id: number } }>(
        t.request(`/api/accounting/orgs/${orgId}/tax-codes`, { cookie: admin.cookie, json: taxCodeBody(f, code) }),
      )
    ).tax_code.id;
  for (const date of ["2025-06-10", "2025-08-10"])
    await json(
      t.request(`/api/accounting/orgs/${orgId}/entries?post=true`, {
        cookie: admin.cookie,
        json: {
          description: "Taxed sale",
          entry_date: date,
          lines: [
            { account_id: f.accountIds[0], debit_amount: "120.00", credit_amount: "0" },
            { account_id: f.accountIds[1], debit_amount: "0", credit_amount: "100.00", tax_code_id: f.taxCodeId },
          ],
        },
      }),
    );
  f.taxReturnId = (
    await json<{ tax_return: { id: number } }>(
      t.request(`/api/accounting/orgs/${orgId}/tax-returns`, { cookie: admin.cookie, json: taxReturnBody(f, "2025-06") }),
    )
  ).tax_return.id;
  // The books are locked long before every entry of the fixtures (the unlock route lifts it).
  await json(
    t.request(`/api/accounting/orgs/${orgId}/lock`, {
      method: "PUT",
      cookie: admin.cookie,
      json: { lock_date: "2000-01-31", reason: "January 2000 closed" },
    }),
  );
  f.messageAttachmentId = (
    await json<{ attachment: { id: number } }>(
      t.request(`/api/messages/${orgId}/attachments?name=receipt.pdf`, { method: "POST", cookie: admin.cookie, body: RECEIPT_PDF }),
    )
  ).attachment.id;
  f.submissionId = (
    await json<{ submission: { id: string } }>(
      t.request("/api/calculators/submissions", { cookie: admin.cookie, json: { calculatorType: "roi", inputs: roiInputs } }),
    )
  ).submission.id;
  // The staff member belongs to the books (the members routes change them); an invitation waits.
  await t.ctx.db.execute(
    sql`insert into organization_memberships (organization_id, user_id, role) values (${orgId}, ${staff.id}, 'viewer')`,
  );
  f.invitationId = (
    await json<{ invitation: { id: number } }>(
      t.request(`/api/accounting/orgs/${orgId}/invitations`, {
        cookie: admin.cookie,
        json: { email: "invitee@example.com", role: "viewer" },
      }),
    )
  ).invitation.id;
  await json(
    t.request("/api/leads/contact", {
      json: { ...contactBody(t), email: "lead@example.com" },
    }),
  );
  f.leadId = (await json<{ leads: { id: string }[] }>(t.request("/api/firm/leads", { cookie: admin.cookie }))).leads[0]!.id;
  await json(t.request("/api/firm/site-content/vision_title", { method: "PUT", cookie: admin.cookie, json: { value: "Our vision" } }));
  const [version] = await queryRows<{ id: number }>(t.ctx.db, sql`select id from site_content_versions order by id desc limit 1`);
  f.versionId = Number(version!.id);
  await workFixtures(t, f);
  f.sales = await createSalesFixtures(t, admin, orgId);
  f.catalogue = await createCatalogueFixtures(t, admin);
  f.proposals = await createProposalFixtures(t, admin, orgId);
  f.commentary = await createCommentaryFixtures(t, admin, staff, orgId);
  f.budgets = await createBudgetFixtures(t, admin, orgId);
  f.yearEnd = await createYearEndFixtures(t, orgId);
  await t.ctx.db.execute(sql`delete from rate_limits`);
  return f;
}

const formToken = (t: TestApp) => issueFormToken(t.config.appSecret, Date.now() - 10_000);

function contactBody(t: TestApp): Json {
  return {
    firstName: "Maria",
    lastName: "Gonzalez",
    email: "maria@example.com",
    company: "Gonzalez Bakery",
    service: "bookkeeping",
    message: "We need help with two years of books.",
    website: "",
    formToken: formToken(t),
  };
}

/** A valid request for every route of the app's route table. */
export function apiRequests(t: TestApp, f: Fixtures): ValidRequest[] {
  const org = { orgId: () => String(f.orgId) };
  const account = (i: number) => ({ ...org, id: () => String(f.accountIds[i]) });
  const lead = { leadId: () => f.leadId };
  const bank = { ...org, bankId: () => String(f.bankId) };
  const docRequest = { ...org, requestId: () => String(f.requestId) };
  const period = () => ({ start: "2026-01-01", end: "2026-12-31" });
  const chart = () => ({
    kind: "chart",
    delimiter: "comma",
    header_row: "0",
    conflicts: JSON.stringify({ 9300: "keep" }),
    as_of: "2026-01-01",
  });
  return [
    ...salesRequests(f),
    ...catalogueRequests(() => f.catalogue),
    ...proposalRequests(f),
    ...commentaryRequests(
      () => f.orgId,
      () => f.commentary,
    ),
    ...budgetRequests(f),
    ...yearEndRequests(f),
    { method: "GET", path: "/api/health", anonymous: true },
    { method: "GET", path: "/api/session" },
    { method: "GET", path: "/api/account/two-factor-policy" },
    { method: "PUT", path: "/api/account/two-factor-policy", body: () => ({ requireForStaff: false, requireForClients: false }) },
    { method: "GET", path: "/api/account/reauthenticate/google/done", query: () => ({ state: "abcdefghijklmnopqrstuvwxyz" }) },
    { method: "GET", path: "/api/account" },
    { method: "POST", path: "/api/account/profile", body: () => ({ firstName: "Ada", lastName: "Admin", companyName: "Ledgerline" }) },
    { method: "GET", path: "/api/account/sessions" },
    { method: "POST", path: "/api/account/sessions/revoke", body: () => ({ sessionId: f.spareSessionId }) },
    { method: "POST", path: "/api/account/sessions/revoke-others", as: () => f.staff },
    { method: "GET", path: "/api/account/export" },
    { method: "GET", path: "/api/account/deletion" },
    { method: "POST", path: "/api/account/delete", body: () => ({ confirmOrganizations: ["Leaver Books"] }), as: () => f.leaver },
    { method: "GET", path: "/api/account/reauthenticate" },
    { method: "POST", path: "/api/account/reauthenticate/google", body: () => ({ returnTo: "/account" }) },
    { method: "POST", path: "/api/account/two-factor/disable", body: () => ({ code: "123456" }) },
    { method: "POST", path: "/api/account/reauthenticate", body: () => ({ password: f.admin.password }) },
    { method: "GET", path: "/api/accounting/orgs" },
    { method: "GET", path: "/api/accounting/invitations/:token", params: { token: () => "A".repeat(43) } },
    { method: "POST", path: "/api/accounting/invitations/:token/accept", params: { token: () => "A".repeat(43) } },
    {
      method: "POST",
      path: "/api/accounting/invitations/:token/sign-up",
      anonymous: true,
      params: { token: () => "A".repeat(43) },
      body: () => ({ firstName: "Ina", lastName: "Vited", password: "correct-horse-battery-staple" }),
    },
    { method: "GET", path: "/api/accounting/orgs/:orgId/me", params: org },
    { method: "GET", path: "/api/accounting/orgs/:orgId/accounts", params: org },
    {
      method: "POST",
      path: "/api/accounting/orgs/:orgId/accounts",
      params: org,
      body: () => ({ account_code: "9100", account_name: "Petty cash", account_type: "Asset" }),
    },
    {
      method: "PATCH",
      path: "/api/accounting/orgs/:orgId/accounts/:id",
      params: account(2),
      body: () => ({ account_name: "Renamed", account_type: "Asset" }),
    },
    { method: "GET", path: "/api/accounting/orgs/:orgId/accounts/:id/usage", params: account(3) },
    { method: "DELETE", path: "/api/accounting/orgs/:orgId/accounts/:id", params: account(f.accountIds.length - 1) },
    { method: "POST", path: "/api/accounting/orgs/:orgId/accounts/:id/reactivate", params: account(f.accountIds.length - 1) },
    {
      method: "GET",
      path: "/api/accounting/orgs/:orgId/entries",
      params: org,
      query: () => ({ page: "1", q: "rent", from: "2026-01-01" }),
    },
    {
      method: "POST",
      path: "/api/accounting/orgs/:orgId/entries",
      params: org,
      body: () => entryBody(f),
      deep: ["lines.0.account_id", "lines.0.description", "lines.0.debit_amount", "lines.1.credit_amount", "lines.1.account_id", "lines.0"],
    },
    { method: "GET", path: "/api/accounting/orgs/:orgId/entries/:id", params: { ...org, id: () => String(f.draftId) } },
    {
      method: "PUT",
      path: "/api/accounting/orgs/:orgId/entries/:id",
      params: { ...org, id: () => String(f.draftId) },
      body: () => entryBody(f),
      deep: ["lines.0.account_id", "lines.0.description", "lines.1.debit_amount"],
    },
    { method: "POST", path: "/api/accounting/orgs/:orgId/entries/:id/post", params: { ...org, id: () => String(f.draftId) } },
    { method: "DELETE", path: "/api/accounting/orgs/:orgId/entries/:id", params: { ...org, id: () => String(f.spareDraftId) } },
    {
      method: "POST",
      path: "/api/accounting/orgs/:orgId/entries/post-drafts",
      params: org,
      body: () => ({ ids: [f.draftId] }),
      deep: ["ids.0"],
    },
    {
      method: "POST",
      path: "/api/accounting/orgs/:orgId/entries/:id/reverse",
      params: { ...org, id: () => String(f.postedId) },
      body: () => ({ entry_date: "2026-06-30" }),
    },
    { method: "GET", path: "/api/accounting/orgs/:orgId/entries/:id/pdf", params: { ...org, id: () => String(f.postedId) } },
    { method: "GET", path: "/api/accounting/orgs/:orgId/opening-balances", params: org },
    {
      method: "PUT",
      path: "/api/accounting/orgs/:orgId/opening-balances",
      params: org,
      body: () => ({
        as_of: "2026-01-01",
        lines: [
          { account_id: f.accountIds[0], debit_amount: "1500.00", credit_amount: "" },
          { account_id: f.accountIds[1], debit_amount: "", credit_amount: "250.00" },
        ],
      }),
    },
    { method: "GET", path: "/api/accounting/orgs/:orgId/lock", params: org },
    {
      method: "PUT",
      path: "/api/accounting/orgs/:orgId/lock",
      params: org,
      // Long before every entry of the fixtures: the other requests write in an open period.
      body: () => ({ lock_date: "2000-01-31", reason: "January 2000 closed" }),
    },
    {
      method: "POST",
      path: "/api/accounting/orgs/:orgId/lock/unlock",
      params: org,
      body: () => ({ reason: "A correction of January 2000" }),
    },
    { method: "GET", path: "/api/accounting/orgs/:orgId/fiscal-year", params: org },
    // The month it starts in already: repeating it changes nothing.
    { method: "PUT", path: "/api/accounting/orgs/:orgId/fiscal-year", params: org, body: () => ({ fiscal_year_start_month: 1 }) },
    { method: "GET", path: "/api/accounting/orgs/:orgId/currency", params: org },
    // The books' currency already: repeating it changes nothing (another would be refused once entries are posted).
    { method: "PUT", path: "/api/accounting/orgs/:orgId/currency", params: org, body: () => ({ currency: "USD" }) },
    { method: "GET", path: "/api/accounting/orgs/:orgId/recurring", params: org },
    {
      method: "POST",
      path: "/api/accounting/orgs/:orgId/recurring",
      params: org,
      body: () => recurringBody(f),
      deep: ["lines.0.debit_amount"],
    },
    { method: "GET", path: "/api/accounting/orgs/:orgId/recurring/:id", params: { ...org, id: () => String(f.recurringId) } },
    {
      method: "PUT",
      path: "/api/accounting/orgs/:orgId/recurring/:id",
      params: { ...org, id: () => String(f.recurringId) },
      body: () => recurringBody(f),
    },
    { method: "POST", path: "/api/accounting/orgs/:orgId/recurring/:id/pause", params: { ...org, id: () => String(f.recurringId) } },
    { method: "POST", path: "/api/accounting/orgs/:orgId/recurring/:id/resume", params: { ...org, id: () => String(f.recurringId) } },
    { method: "POST", path: "/api/accounting/orgs/:orgId/recurring/:id/end", params: { ...org, id: () => String(f.spareRecurringId) } },
    { method: "DELETE", path: "/api/accounting/orgs/:orgId/recurring/:id", params: { ...org, id: () => String(f.spareRecurringId) } },
    { method: "GET", path: "/api/accounting/orgs/:orgId/reports/:type", params: { ...org, type: () => "trial_balance" }, query: period },
    {
      method: "GET",
      path: "/api/accounting/orgs/:orgId/reports/:type/pdf",
      params: { ...org, type: () => "trial_balance" },
      query: period,
    },
    {
      method: "GET",
      path: "/api/accounting/orgs/:orgId/reports/general_ledger",
      params: org,
      query: () => ({ account: String(f.accountIds[0]), ...period() }),
    },
    {
      method: "GET",
      path: "/api/accounting/orgs/:orgId/reports/general_ledger/csv",
      params: org,
      query: () => ({ account: String(f.accountIds[0]), ...period() }),
    },
    { method: "GET", path: "/api/accounting/orgs/:orgId/reports/cash_flows", params: org, query: period },
    { method: "GET", path: "/api/accounting/orgs/:orgId/dashboard", params: org, query: () => ({ as_of: "2026-03-31" }) },
    { method: "GET", path: "/api/accounting/orgs/:orgId/year-end", params: org },
    { method: "GET", path: "/api/accounting/orgs/:orgId/year-end/preview", params: org, query: () => ({ fiscal_year: "2025" }) },
    {
      method: "POST",
      path: "/api/accounting/orgs/:orgId/year-end/close",
      params: org,
      body: () => ({ fiscal_year: 2025, reason: "2025 closed" }),
    },
    {
      method: "POST",
      path: "/api/accounting/orgs/:orgId/year-end/reopen",
      params: org,
      body: () => ({ fiscal_year: 2025, reason: "A late invoice" }),
    },
    {
      method: "GET",
      path: "/api/accounting/orgs/:orgId/reports/general_ledger/pdf",
      params: org,
      query: () => ({ account: String(f.accountIds[0]), ...period() }),
    },
    { method: "GET", path: "/api/accounting/orgs/:orgId/reports/general_ledger/all/pdf", params: org, query: period },
    { method: "GET", path: "/api/accounting/orgs/:orgId/reports/general_ledger/all/csv", params: org, query: period },
    { method: "GET", path: "/api/accounting/orgs/:orgId/reports/cash_flows/pdf", params: org, query: period },
    { method: "GET", path: "/api/accounting/orgs/:orgId/packs", params: org },
    { method: "POST", path: "/api/accounting/orgs/:orgId/packs", params: org, body: () => ({ month: "2026-03" }) },
    { method: "GET", path: "/api/accounting/orgs/:orgId/packs/:id/pdf", params: { ...org, id: () => String(f.packId) } },
    { method: "GET", path: "/api/accounting/orgs/:orgId/members", params: org },
    {
      method: "PATCH",
      path: "/api/accounting/orgs/:orgId/members/:userId",
      params: { ...org, userId: () => f.staff.id },
      body: () => ({ role: "accountant" }),
    },
    { method: "DELETE", path: "/api/accounting/orgs/:orgId/members/:userId", params: { ...org, userId: () => f.staff.id } },
    { method: "POST", path: "/api/accounting/orgs/:orgId/transfer-ownership", params: org, body: () => ({ user_id: "no-such-user" }) },
    { method: "GET", path: "/api/accounting/orgs/:orgId/invitations", params: org },
    {
      method: "POST",
      path: "/api/accounting/orgs/:orgId/invitations",
      params: org,
      body: () => ({ email: "second@example.com", role: "accountant" }),
    },
    { method: "POST", path: "/api/accounting/orgs/:orgId/invitations/:id/resend", params: { ...org, id: () => String(f.invitationId) } },
    { method: "DELETE", path: "/api/accounting/orgs/:orgId/invitations/:id", params: { ...org, id: () => String(f.invitationId) } },
    { method: "GET", path: "/api/accounting/orgs/:orgId/tax-codes", params: org, query: () => ({ include_archived: "true" }) },
    {
      method: "POST",
      path: "/api/accounting/orgs/:orgId/tax-codes",
      params: org,
      body: () => taxCodeBody(f),
      deep: ["parts.0", "parts.0.name", "parts.0.rate", "parts.0.role", "parts.0.account_id", "parts.0.boxes", "base_boxes.0"],
    },
    { method: "GET", path: "/api/accounting/orgs/:orgId/tax-codes/:id", params: { ...org, id: () => String(f.taxCodeId) } },
    {
      method: "PUT",
      path: "/api/accounting/orgs/:orgId/tax-codes/:id",
      params: { ...org, id: () => String(f.taxCodeId) },
      body: () => ({ ...taxCodeBody(f, "FUZZ-A"), name: "Fuzz 20% (renamed)" }),
      deep: ["parts.0.rate", "parts.0.account_id"],
    },
    {
      method: "POST",
      path: "/api/accounting/orgs/:orgId/tax-codes/:id/archive",
      params: { ...org, id: () => String(f.taxCodeId) },
      body: () => ({ archived: false }),
    },
    { method: "DELETE", path: "/api/accounting/orgs/:orgId/tax-codes/:id", params: { ...org, id: () => String(f.spareTaxCodeId) } },
    { method: "GET", path: "/api/accounting/orgs/:orgId/tax-codes.csv", params: org },
    { method: "GET", path: "/api/accounting/orgs/:orgId/tax-return", params: org, query: () => ({ from: "2025-06-01", to: "2025-06-30" }) },
    {
      method: "GET",
      path: "/api/accounting/orgs/:orgId/tax-return/lines",
      params: org,
      query: () => ({ from: "2025-06-01", to: "2025-06-30", box: "54", group: "boxes", limit: "50" }),
    },
    {
      method: "GET",
      path: "/api/accounting/orgs/:orgId/tax-return.csv",
      params: org,
      query: () => ({ from: "2025-06-01", to: "2025-06-30" }),
    },
    {
      method: "GET",
      path: "/api/accounting/orgs/:orgId/tax-return.pdf",
      params: org,
      query: () => ({ from: "2025-06-01", to: "2025-06-30" }),
    },
    { method: "GET", path: "/api/accounting/orgs/:orgId/tax-returns", params: org },
    { method: "POST", path: "/api/accounting/orgs/:orgId/tax-returns", params: org, body: () => taxReturnBody(f) },
    { method: "GET", path: "/api/accounting/orgs/:orgId/tax-returns/:id/pdf", params: { ...org, id: () => String(f.taxReturnId) } },
    {
      method: "POST",
      path: "/api/accounting/orgs/:orgId/tax-codes/import",
      params: org,
      file: () => "code,name,kind,applies_to,base_boxes\r\nIMP-1,Float,exempt,sales,47\r\n",
    },
    { method: "POST", path: "/api/accounting/orgs/:orgId/tax-codes/presets/:preset", params: { ...org, preset: () => "de-vat" } },
    { method: "GET", path: "/api/accounting/orgs/:orgId/tax-settings", params: org },
    {
      method: "PUT",
      path: "/api/accounting/orgs/:orgId/tax-settings",
      params: org,
      body: () => ({ tax_amounts: "exclusive", tax_rounding: "line", tax_basis: "invoice" }),
    },
    {
      method: "POST",
      path: "/api/books-csv/:orgId/preview",
      params: org,
      query: chart,
      file: () => "code,name,type\r\n9300,Float,Asset\r\n",
    },
    {
      method: "POST",
      path: "/api/books-csv/:orgId/commit",
      params: org,
      query: chart,
      file: () => "code,name,type\r\n9300,Float,Asset\r\n",
    },
    { method: "GET", path: "/api/books-csv/:orgId/chart.csv", params: org },
    {
      method: "POST",
      path: "/api/entry-documents/:orgId/:entryId/documents",
      params: { ...org, entryId: () => String(f.postedId) },
      query: () => ({ name: "receipt.pdf" }),
      file: () => RECEIPT_PDF,
    },
    { method: "GET", path: "/api/entry-documents/:orgId/:entryId/documents", params: { ...org, entryId: () => String(f.postedId) } },
    {
      method: "GET",
      path: "/api/entry-documents/:orgId/:entryId/documents/:documentId",
      params: { ...org, entryId: () => String(f.spareDraftId), documentId: () => String(f.documentId) },
    },
    {
      method: "DELETE",
      path: "/api/entry-documents/:orgId/:entryId/documents/:documentId",
      params: { ...org, entryId: () => String(f.spareDraftId), documentId: () => String(f.documentId) },
    },
    { method: "GET", path: "/api/requests/:orgId", params: org, query: () => ({ show: "open" }) },
    { method: "POST", path: "/api/requests/:orgId", params: org, body: requestBody, deep: ["items.0", "items.0.label", "items.0.due_on"] },
    { method: "GET", path: "/api/requests/:orgId/:requestId", params: docRequest },
    {
      method: "POST",
      path: "/api/requests/:orgId/:requestId/items/:itemId/files",
      params: { ...docRequest, itemId: () => String(f.requestItemIds.upload) },
      query: () => ({ name: "statement.pdf" }),
      file: () => RECEIPT_PDF,
      as: () => f.requestClient,
    },
    {
      method: "POST",
      path: "/api/requests/:orgId/:requestId/items/:itemId/unavailable",
      params: { ...docRequest, itemId: () => String(f.requestItemIds.unavailable) },
      body: () => ({ note: "We closed that account in September" }),
      as: () => f.requestClient,
    },
    {
      method: "POST",
      path: "/api/requests/:orgId/:requestId/items/:itemId/accept",
      params: { ...docRequest, itemId: () => String(f.requestItemIds.accept) },
    },
    {
      method: "POST",
      path: "/api/requests/:orgId/:requestId/items/:itemId/return",
      params: { ...docRequest, itemId: () => String(f.requestItemIds.return) },
      body: () => ({ reason: "The total is cut off" }),
    },
    {
      method: "PUT",
      path: "/api/requests/:orgId/:requestId/snooze",
      params: docRequest,
      body: () => ({ until: "2026-12-01" }),
      as: () => f.requestClient,
    },
    {
      method: "GET",
      path: "/api/requests/:orgId/:requestId/files/:fileId",
      params: { ...docRequest, fileId: () => String(f.requestFileId) },
    },
    {
      method: "POST",
      path: "/api/requests/:orgId/:requestId/files/:fileId/attach",
      params: { ...docRequest, fileId: () => String(f.requestFileId) },
      body: () => ({ entry_id: f.postedId }),
    },
    { method: "GET", path: "/api/firm/requests", query: () => ({ waiting: "firm", client: String(f.orgId) }) },
    { method: "GET", path: "/api/books-csv/:orgId/journal.csv", params: org },
    { method: "GET", path: "/api/bank/:orgId/accounts", params: org },
    {
      method: "POST",
      path: "/api/bank/:orgId/accounts",
      params: org,
      body: () => ({ name: "Visa", kind: "card", account_id: f.liabilityId, currency: "USD", number: "4111 1111" }),
    },
    { method: "GET", path: "/api/bank/:orgId/accounts/:bankId", params: bank },
    {
      method: "PUT",
      path: "/api/bank/:orgId/accounts/:bankId",
      params: bank,
      body: () => ({ name: "Checking account", kind: "bank", account_id: f.accountIds[0], currency: "USD" }),
    },
    {
      method: "POST",
      path: "/api/bank/:orgId/accounts/:bankId/statements/preview",
      params: bank,
      query: () => ({ name: "march.csv" }),
      file: () => STATEMENT_CSV,
    },
    {
      method: "POST",
      path: "/api/bank/:orgId/accounts/:bankId/statements",
      params: bank,
      query: () => ({ name: "march.csv" }),
      file: () => STATEMENT_CSV,
    },
    { method: "GET", path: "/api/bank/:orgId/accounts/:bankId/lines", params: bank, query: () => ({ show: "all", page: "1" }) },
    {
      method: "GET",
      path: "/api/bank/:orgId/accounts/:bankId/lines/:lineId/candidates",
      params: { ...bank, lineId: () => String(f.bankLineIds.rent) },
    },
    {
      method: "POST",
      path: "/api/bank/:orgId/accounts/:bankId/lines/:lineId/documents",
      params: { ...bank, lineId: () => String(f.bankLineIds.fee) },
      query: () => ({ name: "fee.pdf" }),
      file: () => RECEIPT_PDF,
    },
    {
      method: "POST",
      path: "/api/bank/:orgId/accounts/:bankId/lines/:lineId/exclude",
      params: { ...bank, lineId: () => String(f.bankLineIds.stationery) },
      body: () => ({ reason: "The same payment as another line" }),
    },
    {
      method: "POST",
      path: "/api/bank/:orgId/accounts/:bankId/lines/:lineId/restore",
      params: { ...bank, lineId: () => String(f.bankLineIds.stationery) },
    },
    {
      method: "POST",
      path: "/api/bank/:orgId/accounts/:bankId/matches",
      params: bank,
      body: () => ({ bank_line_ids: [f.bankLineIds.rent], ledger_line_ids: [f.ledgerLineId] }),
      deep: ["bank_line_ids.0", "ledger_line_ids.0"],
    },
    { method: "DELETE", path: "/api/bank/:orgId/accounts/:bankId/matches/:matchId", params: { ...bank, matchId: () => String(f.matchId) } },
    {
      method: "POST",
      path: "/api/bank/:orgId/accounts/:bankId/cleared",
      params: bank,
      body: () => ({ ledger_line_ids: [f.spareLedgerLineId] }),
    },
    {
      method: "POST",
      path: "/api/bank/:orgId/accounts/:bankId/categorize",
      params: bank,
      body: () => ({ bank_line_ids: [f.bankLineIds.coffee], account_id: f.accountIds[1], description: "Coffee for the office" }),
      deep: ["bank_line_ids.0"],
    },
    {
      method: "POST",
      path: "/api/bank/:orgId/accounts/:bankId/split",
      params: bank,
      body: () => ({
        bank_line_id: f.bankLineIds.stationery,
        description: "Stationery and postage",
        splits: [
          { account_id: f.accountIds[1], amount: "8.00", description: "Paper" },
          { account_id: f.accountIds[1], amount: "4.00", tax_code_id: null },
        ],
      }),
      deep: ["splits.0", "splits.0.account_id", "splits.0.amount", "splits.1.tax_code_id", "splits.1.description"],
    },
    {
      method: "POST",
      path: "/api/bank/:orgId/accounts/:bankId/rejections",
      params: bank,
      body: () => ({ bank_line_id: f.bankLineIds.coffee, ledger_line_id: f.ledgerLineId }),
    },
    { method: "GET", path: "/api/bank/:orgId/rules", params: org },
    { method: "POST", path: "/api/bank/:orgId/rules", params: org, body: () => ruleBody(f) },
    {
      method: "POST",
      path: "/api/bank/:orgId/rules/test",
      params: org,
      body: () => ({ ...ruleBody(f), operator: "matches", value: "park(ing)?" }),
    },
    {
      method: "PUT",
      path: "/api/bank/:orgId/rules/:ruleId",
      params: { ...org, ruleId: () => String(f.ruleId) },
      body: () => ({ ...ruleBody(f), name: "Parking fees" }),
    },
    {
      method: "POST",
      path: "/api/bank/:orgId/rules/:ruleId/move",
      params: { ...org, ruleId: () => String(f.ruleId) },
      body: () => ({ direction: "down" }),
    },
    { method: "DELETE", path: "/api/bank/:orgId/rules/:ruleId", params: { ...org, ruleId: () => String(f.spareRuleId) } },
    { method: "GET", path: "/api/bank/:orgId/accounts/:bankId/apply-rules", params: bank },
    { method: "POST", path: "/api/bank/:orgId/accounts/:bankId/apply-rules", params: bank },
    { method: "GET", path: "/api/bank/:orgId/rule-batches", params: org },
    {
      method: "POST",
      path: "/api/bank/:orgId/rule-batches/:batchId/undo",
      params: { ...org, batchId: () => String(f.ruleBatchId) },
    },
    { method: "GET", path: "/api/bank/:orgId/questions", params: org },
    {
      method: "POST",
      path: "/api/bank/:orgId/accounts/:bankId/questions",
      params: bank,
      body: () => ({ bank_line_id: f.bankLineIds.parking, question: "Whose car?" }),
    },
    {
      method: "POST",
      path: "/api/bank/:orgId/questions/:questionId/answer",
      params: { ...org, questionId: () => String(f.questionId) },
      body: () => ({ account_id: f.accountIds[1], note: "Printer paper" }),
    },
    { method: "GET", path: "/api/bank/:orgId/accounts/:bankId/reconciliation", params: bank, query: () => ({ date: "2026-03-31" }) },
    {
      method: "POST",
      path: "/api/bank/:orgId/accounts/:bankId/reconciliations",
      params: bank,
      body: () => ({ statement_date: "2001-01-31", statement_balance: "0.00" }),
    },
    {
      method: "GET",
      path: "/api/bank/:orgId/accounts/:bankId/reconciliations/:reconciliationId/report.pdf",
      params: { ...bank, reconciliationId: () => String(f.reconciliationId) },
    },
    {
      method: "GET",
      path: "/api/bank/:orgId/accounts/:bankId/reconciliations/:reconciliationId/report.csv",
      params: { ...bank, reconciliationId: () => String(f.reconciliationId) },
    },
    {
      method: "POST",
      path: "/api/bank/:orgId/accounts/:bankId/reconciliations/:reconciliationId/undo",
      params: { ...bank, reconciliationId: () => String(f.reconciliationId) },
    },
    { method: "GET", path: "/api/activity", query: () => ({ before: "1000" }) },
    { method: "GET", path: "/api/activity/unread" },
    { method: "POST", path: "/api/activity/read", body: () => ({ through: 1000 }) },
    { method: "GET", path: "/api/messages/unread" },
    { method: "GET", path: "/api/messages/inbox", query: () => ({ unread: "1", mine: "1", page: "1" }) },
    { method: "GET", path: "/api/messages/preferences" },
    { method: "PUT", path: "/api/messages/preferences", body: () => ({ notify: "daily" }) },
    { method: "GET", path: "/api/messages/:orgId/messages", params: org },
    {
      method: "POST",
      path: "/api/messages/:orgId/messages",
      params: org,
      body: () => ({ body: "Hello from the firm", attachment_ids: [] }),
    },
    { method: "POST", path: "/api/messages/:orgId/read", params: org, body: () => ({ seq: 1 }) },
    {
      method: "POST",
      path: "/api/messages/:orgId/attachments",
      params: org,
      query: () => ({ name: "receipt.pdf" }),
      file: () => RECEIPT_PDF,
    },
    {
      method: "GET",
      path: "/api/messages/:orgId/attachments/:attachmentId",
      params: { ...org, attachmentId: () => String(f.messageAttachmentId) },
    },
    { method: "GET", path: "/api/firm/clients" },
    { method: "GET", path: "/api/firm/clients/staff" },
    { method: "GET", path: "/api/firm/clients/:orgId", params: org },
    { method: "POST", path: "/api/firm/clients/:orgId/accountants", params: org, body: () => ({ user_id: f.staff.id }) },
    {
      method: "POST",
      path: "/api/calculators/submissions",
      body: () => ({ calculatorType: "roi", inputs: { ...roiInputs } }),
      deep: ["inputs.currentRevenue", "inputs.timeframe"],
    },
    { method: "GET", path: "/api/calculators/submissions" },
    { method: "GET", path: "/api/calculators/submissions/:id", params: { id: () => f.submissionId } },
    { method: "POST", path: "/api/content/newsletter", body: () => ({ email: "reader@example.com", source: "footer" }), anonymous: true },
    { method: "GET", path: "/api/content/site-content", query: () => ({ keys: "vision_title,mission_title" }) },
    { method: "POST", path: "/api/leads/contact", anonymous: true, body: () => contactBody(t) },
    {
      method: "POST",
      path: "/api/leads/consultation",
      anonymous: true,
      body: () => ({
        firstName: "Raj",
        lastName: "Patel",
        email: "raj@example.com",
        phone: "+1 212 555 0100",
        companyName: "Northwind Traders",
        annualRevenueRange: "1m-5m",
        servicesInterested: ["tax", "erp"],
        challenges: "Month-end close takes three weeks.",
        preferredTime: "afternoon",
        website: "",
        formToken: formToken(t),
      }),
      deep: ["servicesInterested.0"],
    },
    { method: "GET", path: "/api/firm/leads", query: () => ({ view: "inbox", kind: "contact", q: "maria", from: "2026-01-01" }) },
    { method: "GET", path: "/api/firm/leads/export.csv", query: () => ({ status: "new", owner: "none", q: "bakery" }) },
    { method: "GET", path: "/api/firm/leads/:leadId", params: lead },
    { method: "POST", path: "/api/firm/leads/:leadId/status", params: lead, body: () => ({ status: "contacted" }) },
    { method: "POST", path: "/api/firm/leads/:leadId/owner", params: lead, body: () => ({ ownerId: f.admin.id }) },
    { method: "POST", path: "/api/firm/leads/:leadId/notes", params: lead, body: () => ({ body: "Called back.\nWill send a proposal." }) },
    { method: "POST", path: "/api/firm/leads/:leadId/convert", params: lead, body: () => ({ companyName: "Gonzalez Bakery" }) },
    { method: "POST", path: "/api/firm/leads/:leadId/release", params: lead },
    { method: "GET", path: "/api/firm/site-content" },
    { method: "GET", path: "/api/firm/site-content/:key/versions", params: { key: () => "vision_title" } },
    { method: "PUT", path: "/api/firm/site-content/:key", params: { key: () => "vision_title" }, body: () => ({ value: "Our vision" }) },
    { method: "DELETE", path: "/api/firm/site-content/:key", params: { key: () => "mission_title" } },
    { method: "POST", path: "/api/firm/site-content/versions/:versionId/restore", params: { versionId: () => String(f.versionId) } },
    { method: "GET", path: "/api/firm/team", query: () => ({ q: "test", role: "staff", page: "1" }) },
    { method: "PATCH", path: "/api/firm/team/:userId/role", params: { userId: () => f.staff.id }, body: () => ({ role: "staff" }) },
    { method: "POST", path: "/api/firm/team/:userId/disable", params: { userId: () => f.staff.id } },
    { method: "POST", path: "/api/firm/team/:userId/enable", params: { userId: () => f.staff.id } },
    { method: "POST", path: "/api/firm/team/:userId/invitation", params: { userId: () => f.staff.id } },
    { method: "GET", path: "/api/firm/team/invitations/:token", anonymous: true, params: { token: () => "B".repeat(43) } },
    {
      method: "POST",
      path: "/api/firm/team/invitations/:token/accept",
      anonymous: true,
      params: { token: () => "B".repeat(43) },
      body: () => ({ password: "correct-horse-battery-staple" }),
    },
    {
      method: "POST",
      path: "/api/firm/team/invitations",
      body: () => ({ email: "new-staff@example.com", firstName: "New", lastName: "Staff" }),
    },
    {
      method: "GET",
      path: "/api/firm/work",
      query: () => ({ view: "board", assignee: "me", status: "in_progress", overdue: "1", due_by: "2026-12-31" }),
    },
    { method: "POST", path: "/api/firm/work/reassign", body: () => ({ instance_ids: [f.workInstanceId], assignee_id: f.admin.id }) },
    { method: "GET", path: "/api/firm/work/templates" },
    { method: "POST", path: "/api/firm/work/templates", body: () => workTemplateBody(), deep: ["items.0.label", "items.1.binding"] },
    { method: "GET", path: "/api/firm/work/templates/:id", params: { id: () => String(f.workTemplateId) } },
    {
      method: "PUT",
      path: "/api/firm/work/templates/:id",
      params: { id: () => String(f.workTemplateId) },
      body: () => workTemplateBody("Fuzz close"),
    },
    { method: "DELETE", path: "/api/firm/work/templates/:id", params: { id: () => String(f.spareWorkTemplateId) } },
    {
      method: "POST",
      path: "/api/firm/work/templates/:id/apply",
      params: { id: () => String(f.workTemplateId) },
      body: () => ({ organization_ids: [f.orgId], first_period: "2026-01-01", assignee_id: null }),
    },
    { method: "DELETE", path: "/api/firm/work/schedules/:id", params: { id: () => String(f.workScheduleId) } },
    { method: "GET", path: "/api/firm/work/settings" },
    {
      method: "PUT",
      path: "/api/firm/work/settings",
      body: () => ({ horizon_days: 31, holidays: [{ day: "2026-12-25", name: "Christmas Day" }] }),
    },
    { method: "GET", path: "/api/firm/work/:id", params: { id: () => String(f.workInstanceId) } },
    {
      method: "PUT",
      path: "/api/firm/work/:id/items/:position",
      params: { id: () => String(f.workInstanceId), position: () => "1" },
      body: () => ({ ticked: true }),
    },
    {
      method: "PUT",
      path: "/api/firm/work/:id/status",
      params: { id: () => String(f.workInstanceId) },
      body: () => ({ status: "review" }),
    },
    {
      method: "PUT",
      path: "/api/firm/work/:id/snooze",
      params: { id: () => String(f.workInstanceId) },
      body: () => ({ until: "2026-12-01" }),
    },
    {
      method: "GET",
      path: "/api/firm/audit-log",
      query: () => ({ actor: "admin", action: "lead.status_changed", targetType: "lead", targetId: "x", from: "2026-01-01", page: "1" }),
    },
  ];
}

/** The auth endpoints the pages call (login, sign-up, reset, verification, profile): served by the auth library. */
export function authRequests(f: Fixtures): ValidRequest[] {
  return [
    {
      method: "POST",
      path: "/api/auth/sign-up/email",
      anonymous: true,
      body: () => ({
        email: `new-${Math.random().toString(36).slice(2, 8)}@example.com`,
        password: "correct-horse-battery-staple",
        name: "New Person",
        firstName: "New",
        lastName: "Person",
        companyName: "Acme",
      }),
    },
    {
      method: "POST",
      path: "/api/auth/sign-in/email",
      anonymous: true,
      body: () => ({ email: f.admin.email, password: "wrong-password-1", rememberMe: true }),
    },
    {
      method: "POST",
      path: "/api/auth/request-password-reset",
      anonymous: true,
      body: () => ({ email: f.admin.email, redirectTo: "/reset-password" }),
    },
    {
      method: "POST",
      path: "/api/auth/reset-password",
      anonymous: true,
      body: () => ({ token: "not-a-token", newPassword: "correct-horse-battery-staple" }),
    },
    {
      method: "GET",
      path: "/api/auth/reset-password/:token",
      anonymous: true,
      params: { token: () => "not-a-token" },
      query: () => ({ callbackURL: "/reset-password" }),
    },
    {
      method: "POST",
      path: "/api/auth/send-verification-email",
      anonymous: true,
      body: () => ({ email: f.admin.email, callbackURL: "/login?verified=1" }),
    },
    {
      method: "GET",
      path: "/api/auth/verify-email",
      anonymous: true,
      query: () => ({ token: "not-a-token", callbackURL: "/login?verified=1" }),
    },
    { method: "GET", path: "/api/auth/get-session" },
    {
      method: "POST",
      path: "/api/auth/update-user",
      body: () => ({ name: "Ada Admin", firstName: "Ada", lastName: "Admin", companyName: "Ledgerline" }),
    },
    {
      method: "POST",
      path: "/api/auth/change-password",
      body: () => ({ currentPassword: "not-the-password", newPassword: "correct-horse-battery-2" }),
    },
    { method: "POST", path: "/api/auth/sign-in/social", anonymous: true, body: () => ({ provider: "google", callbackURL: "/accounting" }) },
  ];
}
