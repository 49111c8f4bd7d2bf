import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { queryRows } from "~/server/db/client.ts";
import { auditActor } from "~/server/audit.server.ts";
import { createClientOrganization } from "~/features/tenancy/index.server.ts";
import { acceptInvitation, createInvitation, INVITATION_TTL_MS, listInvitations } from "~/features/tenancy/invitations.server.ts";
import { addMember } from "~/features/tenancy/organizations.server.ts";
import { booksPath } from "../support/books.ts";
import { createSignedInUser, createTestApp, TEST_ORIGIN, type TestApp, type TestUser } from "../support/test-app.ts";

/**
 * Organizations and their people: the organization in the URL, roles per organization, members, invitations.
 * Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
describe("organizations: the organization in the URL, members and invitations", () => {
  let t: TestApp;
  let owner: TestUser;
  let accountant: TestUser;
  let viewer: TestUser;
  let stranger: TestUser;
  let orgId: number;
  let strangerOrg: number;

  const json = async <T>(res: Response) => (await res.json()) as T;
  const call = (u: TestUser | null, path: string, init: RequestInit & { json?: unknown } = {}) =>
    t.request(path, { ...init, cookie: u?.cookie });
  const firstOrg = async (u: TestUser) =>
    (await json<{ organizations: { id: number }[] }>(await call(u, "/api/accounting/orgs"))).organizations[0]!.id;
  const tokenFor = async (email: string) => {
    const rows = await queryRows<{ text_body: string }>(
      t.ctx.db,
      sql`select text_body from mail_outbox where to_address = ${email} and kind = 'organization-invitation' order by id desc limit 1`,
    );
    const m = rows[0]?.text_body.match(/\/invitations\/([A-Za-z0-9_-]{43})/);
    if (!m) throw new Error(`no invitation mail to ${email}`);
    return m[1]!;
  };
  const audit = async (action: string) =>
    queryRows<{ actor_id: string; target_id: string; before: unknown; after: unknown }>(
      t.ctx.db,
      sql`select actor_id, target_id, before, after from audit_log where action = ${action} order by id`,
    );
  const roleOf = async (org: number, userId: string) =>
    (
      await queryRows<{ role: string }>(
        t.ctx.db,
        sql`select role from organization_memberships where organization_id = ${org} and user_id = ${userId}`,
      )
    )[0]?.role;

  beforeAll(async () => {
    t = await createTestApp();
    await t.ctx.mail.stop();
    owner = await createSignedInUser(t, { companyName: "Matrix Books" });
    accountant = await createSignedInUser(t, { companyName: "Accountant Own" });
    viewer = await createSignedInUser(t, { companyName: "Viewer Own" });
    stranger = await createSignedInUser(t, { companyName: "Stranger Books" });
    orgId = await firstOrg(owner);
    strangerOrg = await firstOrg(stranger);
    await addMember(t.ctx.db, orgId, accountant.id, "accountant");
    await addMember(t.ctx.db, orgId, viewer.id, "viewer");
  });
  afterAll(() => t.close());

  it("lists each organization of a user with their role there; existing users keep their first one", async () => {
    await firstOrg(accountant);
    const { organizations } = await json<{ organizations: { id: number; name: string; role: string }[] }>(
      await call(accountant, "/api/accounting/orgs"),
    );
    expect(organizations.map((o) => [o.name, o.role])).toEqual([["Matrix Books", "accountant"]]);
    // Joined before first use: the accountant has no organization of their own, only the one they were added to.
    expect((await json<{ organization: { name: string }; role: string }>(await call(accountant, `${booksPath(orgId)}/me`))).role).toBe(
      "accountant",
    );
  });

  it("answers the authorization matrix on the books and the members routes", async () => {
    const books = booksPath(orgId);
    const { accounts } = await json<{ accounts: { id: number }[] }>(await call(owner, `${books}/accounts`));
    const opening = { as_of: "2026-01-01", lines: [{ account_id: accounts[0]!.id, debit_amount: "10.00", credit_amount: "" }] };
    const recurring = {
      description: "Rent",
      lines: [
        { account_id: accounts[0]!.id, debit_amount: "10.00", credit_amount: "0" },
        { account_id: accounts[1]!.id, debit_amount: "0", credit_amount: "10.00" },
      ],
      frequency: "monthly",
      day_of_month: 1,
      start_date: "2100-01-01",
    };
    const routes: [method: string, path: string, body?: unknown][] = [
      ["GET", `${books}/me`],
      ["GET", `${books}/accounts`],
      ["GET", `${books}/entries`],
      ["GET", `${books}/members`],
      ["GET", `${books}/invitations`],
      ["POST", `${books}/accounts`, { account_code: "9001", account_name: "Matrix", account_type: "Asset" }],
      ["POST", `${books}/invitations`, { email: "matrix-probe@example.com", role: "viewer" }],
      ["PATCH", `${books}/members/${viewer.id}`, { role: "viewer" }],
      ["GET", `${books}/opening-balances`],
      ["PUT", `${books}/opening-balances`, opening],
      ["GET", `${books}/recurring`],
      ["POST", `${books}/recurring`, recurring],
    ];
    const expected: Record<string, number[]> = {
      // me, accounts, entries, members, invitations, write account, invite, change role, opening balances (read, save),
      // recurring entries (list, create)
      anonymous: [401, 401, 401, 401, 401, 401, 401, 401, 401, 401, 401, 401],
      stranger: [404, 404, 404, 404, 404, 404, 404, 404, 404, 404, 404, 404],
      viewer: [200, 200, 200, 200, 403, 403, 403, 403, 200, 403, 200, 403],
      accountant: [200, 200, 200, 200, 403, 201, 403, 403, 200, 200, 200, 201],
      owner: [200, 200, 200, 200, 200, 409, 201, 200, 200, 200, 200, 201],
    };
    const who: Record<string, TestUser | null> = { anonymous: null, stranger, viewer, accountant, owner };
    for (const [name, statuses] of Object.entries(expected)) {
      const got: number[] = [];
      for (const [method, path, body] of routes) got.push((await call(who[name]!, path, { method, json: body })).status);
      expect(got, name).toEqual(statuses);
    }
  });

  it("answers the authorization matrix on the bank routes, the lock date, printed reports and month-end packs", async () => {
    const books = booksPath(orgId);
    const bankApi = `/api/bank/${orgId}`;
    const { accounts } = await json<{ accounts: { id: number; account_type: string }[] }>(await call(owner, `${books}/accounts`));
    const asset = accounts.find((a) => a.account_type === "Asset")!.id;
    const expense = accounts.find((a) => a.account_type === "Expense")!.id;
    const { account } = await json<{ account: { id: number } }>(
      await call(owner, `${bankApi}/accounts`, { json: { name: "Matrix bank", kind: "bank", account_id: asset, currency: "USD" } }),
    );
    const bank = `${bankApi}/accounts/${account.id}`;
    const { pack } = await json<{ pack: { id: number } }>(await call(owner, `${books}/packs`, { json: { month: "2026-01" } }));
    const rule = { name: "Fees", field: "text", operator: "contains", value: "fee", direction: "out", account_id: expense };
    const routes: [method: string, path: string, body?: unknown][] = [
      ["GET", `${bankApi}/accounts`],
      ["GET", `${bank}`],
      ["GET", `${bank}/lines`],
      ["GET", `${bank}/reconciliation?date=2026-01-31`],
      ["GET", `${bankApi}/rules`],
      ["GET", `${bankApi}/questions`],
      ["POST", `${bankApi}/rules`, rule],
      ["POST", `${bank}/apply-rules`],
      ["PUT", `${bank}`, { name: "Matrix bank", kind: "bank", account_id: asset, currency: "USD" }],
      ["GET", `${books}/lock`],
      ["PUT", `${books}/lock`, { lock_date: "2000-01-31", reason: "Matrix probe" }],
      ["POST", `${books}/lock/unlock`, { reason: "Matrix probe" }],
      ["GET", `${books}/reports/trial_balance/pdf?start=2026-01-01&end=2026-01-31`],
      ["GET", `${books}/reports/general_ledger/pdf?account=${asset}&start=2026-01-01&end=2026-01-31`],
      ["GET", `${books}/reports/cash_flows/pdf?start=2026-01-01&end=2026-01-31`],
      ["GET", `${books}/packs`],
      ["POST", `${books}/packs`, { month: "2026-01" }],
      ["GET", `${books}/packs/${pack.id}/pdf`],
    ];
    const expected: Record<string, number[]> = {
      // bank accounts (list, one), lines, reconciliation, rules, questions, new rule, apply rules, edit account,
      // lock (read, set, unlock), the PDFs of a report, a general ledger and the cash flows, month-end packs (list,
      // prepare, download)
      anonymous: [401, 401, 401, 401, 401, 401, 401, 401, 401, 401, 401, 401, 401, 401, 401, 401, 401, 401],
      stranger: [404, 404, 404, 404, 404, 404, 404, 404, 404, 404, 404, 404, 404, 404, 404, 404, 404, 404],
      viewer: [200, 200, 200, 200, 200, 200, 403, 403, 403, 200, 403, 403, 200, 200, 200, 200, 403, 200],
      accountant: [200, 200, 200, 200, 200, 200, 201, 200, 200, 200, 200, 200, 200, 200, 200, 200, 201, 200],
      owner: [200, 200, 200, 200, 200, 200, 201, 200, 200, 200, 200, 200, 200, 200, 200, 200, 201, 200],
    };
    const who: Record<string, TestUser | null> = { anonymous: null, stranger, viewer, accountant, owner };
    for (const [name, statuses] of Object.entries(expected)) {
      const got: number[] = [];
      for (const [method, path, body] of routes) got.push((await call(who[name]!, path, { method, json: body })).status);
      expect(got, name).toEqual(statuses);
    }
  });

  it("answers the authorization matrix on the general ledger, the cash flows and the year-end close", async () => {
    const books = booksPath(orgId);
    const { accounts } = await json<{ accounts: { id: number }[] }>(await call(owner, `${books}/accounts`));
    const ledger = `account=${accounts[0]!.id}&start=2026-01-01&end=2026-01-31`;
    const routes: [method: string, path: string, body?: unknown][] = [
      ["GET", `${books}/reports/general_ledger?${ledger}`],
      ["GET", `${books}/reports/general_ledger/csv?${ledger}`],
      ["GET", `${books}/reports/cash_flows?start=2026-01-01&end=2026-01-31`],
      ["GET", `${books}/year-end`],
      ["GET", `${books}/year-end/preview?fiscal_year=1999`],
      // Nothing is posted in 1999 (a 400 naming the fiscal year) and it is not closed (409): past the permission check.
      ["POST", `${books}/year-end/close`, { fiscal_year: 1999, reason: "Matrix probe" }],
      ["POST", `${books}/year-end/reopen`, { fiscal_year: 1999, reason: "Matrix probe" }],
    ];
    const expected: Record<string, number[]> = {
      anonymous: [401, 401, 401, 401, 401, 401, 401],
      stranger: [404, 404, 404, 404, 404, 404, 404],
      viewer: [200, 200, 200, 200, 200, 403, 403],
      accountant: [200, 200, 200, 200, 200, 400, 409],
      owner: [200, 200, 200, 200, 200, 400, 409],
    };
    const who: Record<string, TestUser | null> = { anonymous: null, stranger, viewer, accountant, owner };
    for (const [name, statuses] of Object.entries(expected)) {
      const got: number[] = [];
      for (const [method, path, body] of routes) got.push((await call(who[name]!, path, { method, json: body })).status);
      expect(got, name).toEqual(statuses);
    }
  });

  it("answers the authorization matrix on the fiscal year and the compared statements", async () => {
    const books = booksPath(orgId);
    const routes: [method: string, path: string, body?: unknown][] = [
      ["GET", `${books}/fiscal-year`],
      ["PUT", `${books}/fiscal-year`, { fiscal_year_start_month: 1 }],
      ["GET", `${books}/reports/profit_loss?start=2026-01-01&end=2026-01-31&compare=both`],
      ["GET", `${books}/reports/balance_sheet?start=2026-01-31&end=2026-01-31&compare=previous_year`],
    ];
    const expected: Record<string, number[]> = {
      anonymous: [401, 401, 401, 401],
      stranger: [404, 404, 404, 404],
      viewer: [200, 403, 200, 200],
      accountant: [200, 200, 200, 200],
      owner: [200, 200, 200, 200],
    };
    const who: Record<string, TestUser | null> = { anonymous: null, stranger, viewer, accountant, owner };
    for (const [name, statuses] of Object.entries(expected)) {
      const got: number[] = [];
      for (const [method, path, body] of routes) got.push((await call(who[name]!, path, { method, json: body })).status);
      expect(got, name).toEqual(statuses);
    }
  });

  it("answers the authorization matrix on document requests and the firm's queue", async () => {
    const staffOn = await createSignedInUser(t, { role: "staff" });
    const staffOff = await createSignedInUser(t, { role: "staff" });
    await addMember(t.ctx.db, orgId, staffOn.id, "accountant");
    const api = `/api/requests/${orgId}`;
    const item = (label: string) => ({ label, due_on: "2026-12-31" });
    const body = {
      title: "Matrix",
      items: ["A", "B", "C", "D", "E"].map(item),
      remind_days_before: null,
      remind_on_due: true,
      remind_every_days: 7,
    };
    const { request } = await json<{ request: { id: number; list: { id: number }[] } }>(await call(staffOn, api, { json: body }));
    const [a, b, c, d, e] = request.list.map((i) => `${api}/${request.id}/items/${i.id}`);
    const pdf = (u: TestUser, path: string) =>
      call(u, `${path}/files?name=m.pdf`, { method: "POST", body: "%PDF-1.7\n%%EOF\n", headers: { "content-type": "application/pdf" } });
    const file = (await json<{ file: { id: number } }>(await pdf(owner, a!))).file.id;
    const accepted = (await json<{ file: { id: number } }>(await pdf(owner, e!))).file.id;
    await call(staffOn, `${e}/accept`, { method: "POST" });
    const books = booksPath(orgId);
    const { accounts } = await json<{ accounts: { id: number }[] }>(await call(owner, `${books}/accounts`));
    const lines = [
      { account_id: accounts[0]!.id, debit_amount: "1.00", credit_amount: "0" },
      { account_id: accounts[1]!.id, debit_amount: "0", credit_amount: "1.00" },
    ];
    const { entry } = await json<{ entry: { id: number } }>(
      await call(owner, `${books}/entries`, { json: { description: "Matrix", entry_date: "2026-06-01", lines } }),
    );
    const routes: [method: string, path: string, body?: unknown][] = [
      ["GET", api],
      ["POST", api, body],
      ["GET", `${api}/${request.id}`],
      ["POST", `${b}/unavailable`, { note: "Lost it" }],
      ["PUT", `${api}/${request.id}/snooze`, { until: "2026-12-01" }],
      ["POST", `${c}/accept`],
      ["POST", `${d}/return`, { reason: "Blurred" }],
      ["GET", `${api}/${request.id}/files/${file}`],
      ["POST", `${api}/${request.id}/files/${accepted}/attach`, { entry_id: entry.id }],
      ["GET", "/api/firm/requests"],
    ];
    // The items accepted and sent back were answered first (by the owner, before each row of the firm's people).
    const answer = () => Promise.all([pdf(owner, c!), pdf(owner, d!)]);
    const expected: Record<string, number[]> = {
      // list, send, read, not available, snooze, accept, send back, download, attach to an entry, the firm's queue
      anonymous: [401, 401, 401, 401, 401, 401, 401, 401, 401, 404],
      stranger: [404, 404, 404, 404, 404, 404, 404, 404, 404, 404],
      staffOff: [404, 404, 404, 404, 404, 404, 404, 404, 404, 200],
      viewer: [200, 403, 200, 403, 403, 403, 403, 200, 403, 404],
      accountant: [200, 403, 200, 200, 200, 403, 403, 200, 403, 404],
      owner: [200, 403, 200, 200, 200, 403, 403, 200, 403, 404],
      staffOn: [200, 201, 200, 403, 403, 200, 200, 200, 200, 200],
    };
    const who: Record<string, TestUser | null> = { anonymous: null, stranger, staffOff, viewer, accountant, owner, staffOn };
    for (const [name, statuses] of Object.entries(expected)) {
      if (name === "staffOn") await answer();
      const got: number[] = [];
      for (const [method, path, body] of routes) got.push((await call(who[name]!, path, { method, json: body })).status);
      expect(got, name).toEqual(statuses);
    }
    // An upload: the client's writers only.
    const uploads: [TestUser, number][] = [
      [stranger, 404],
      [staffOff, 404],
      [viewer, 403],
      [staffOn, 403],
      [accountant, 201],
      [owner, 201],
    ];
    for (const [u, status] of uploads) expect((await pdf(u, a!)).status).toBe(status);
  });

  it("answers the authorization matrix on the organization's conversation with the firm", async () => {
    const api = `/api/messages/${orgId}`;
    const routes: [method: string, path: string, body?: unknown][] = [
      ["GET", `${api}/messages`],
      ["POST", `${api}/messages`, { body: "Matrix probe" }],
      ["POST", `${api}/read`, { seq: 1 }],
      ["POST", `${api}/attachments?name=probe.pdf`, "%PDF-1.7\n%%EOF\n"],
    ];
    const expected: Record<string, number[]> = {
      // conversation (read, write), read mark, upload a file
      anonymous: [401, 401, 401, 401],
      stranger: [404, 404, 404, 404],
      viewer: [200, 403, 200, 403],
      accountant: [200, 201, 200, 201],
      owner: [200, 201, 200, 201],
    };
    const who: Record<string, TestUser | null> = { anonymous: null, stranger, viewer, accountant, owner };
    for (const [name, statuses] of Object.entries(expected)) {
      const got: number[] = [];
      for (const [method, path, body] of routes) {
        const init = typeof body === "string" ? { method, body } : { method, json: body };
        got.push((await call(who[name]!, path, init)).status);
      }
      expect(got, name).toEqual(statuses);
    }
  });

  it("answers 404 for a foreign, unknown or malformed organization id, whatever is sent", async () => {
    for (const path of [
      booksPath(strangerOrg),
      booksPath(999_999),
      "/api/accounting/orgs/abc",
      "/api/accounting/orgs/0",
      "/api/accounting/orgs/99999999999",
    ]) {
      for (const [method, sub, body] of [
        ["GET", "/accounts"],
        ["POST", "/entries", { description: "x", entry_date: "2026-01-01", lines: [] }],
        ["DELETE", `/members/${stranger.id}`],
        ["POST", "/transfer-ownership", { user_id: owner.id }],
      ] as const) {
        const res = await call(owner, `${path}${sub}`, { method, json: body });
        expect(res.status, `${method} ${path}${sub}`).toBe(404);
        expect(await res.json()).toEqual({ error: expect.any(String) as string, code: "NOT_FOUND" });
      }
    }
    expect(await roleOf(strangerOrg, stranger.id)).toBe("owner");
  });

  it("answers bad member input in the one error shape, naming the field", async () => {
    const res = await call(owner, `${booksPath(orgId)}/invitations`, { json: { email: "not-an-email", role: "boss" } });
    expect(res.status).toBe(400);
    const body = await json<{ code: string; fields: Record<string, string> }>(res);
    expect(body.code).toBe("INVALID_INPUT");
    expect(Object.keys(body.fields).sort()).toEqual(["email", "role"]);
    const malformed = await call(owner, `${booksPath(orgId)}/members/${viewer.id}`, {
      method: "PATCH",
      body: "{",
      headers: { "content-type": "application/json" },
    });
    expect(await malformed.json()).toEqual({ error: "Request body must be valid JSON", code: "INVALID_JSON" });
  });

  it("keeps at least one owner: the last owner can be neither demoted nor removed; a transfer keeps one", async () => {
    const members = `${booksPath(orgId)}/members`;
    const demote = await call(owner, `${members}/${owner.id}`, { method: "PATCH", json: { role: "viewer" } });
    expect(demote.status).toBe(409);
    expect((await json<{ error: string }>(demote)).error).toMatch(/at least one owner/);
    expect((await call(owner, `${members}/${owner.id}`, { method: "DELETE" })).status).toBe(409);
    expect(await roleOf(orgId, owner.id)).toBe("owner");

    // The database refuses it too, whoever asks.
    await expect(
      t.ctx.db.execute(sql`update organization_memberships set role = 'viewer' where organization_id = ${orgId} and user_id = ${owner.id}`),
    ).rejects.toThrow();
    await expect(
      t.ctx.db.execute(sql`delete from organization_memberships where organization_id = ${orgId} and role = 'owner'`),
    ).rejects.toThrow();

    // Transfer to the accountant, and back.
    expect((await call(owner, `${booksPath(orgId)}/transfer-ownership`, { json: { user_id: accountant.id } })).status).toBe(200);
    expect([await roleOf(orgId, accountant.id), await roleOf(orgId, owner.id)]).toEqual(["owner", "accountant"]);
    expect((await call(owner, `${members}/${viewer.id}`, { method: "PATCH", json: { role: "accountant" } })).status).toBe(403);
    expect((await call(accountant, `${booksPath(orgId)}/transfer-ownership`, { json: { user_id: owner.id } })).status).toBe(200);
    expect([await roleOf(orgId, owner.id), await roleOf(orgId, accountant.id)]).toEqual(["owner", "accountant"]);
    const transfers = await audit("membership.ownership_transferred");
    expect(transfers).toHaveLength(2);
    expect(transfers[0]).toMatchObject({ actor_id: owner.id, target_id: String(orgId) });

    // With two owners, one may step down.
    expect((await call(owner, `${members}/${accountant.id}`, { method: "PATCH", json: { role: "owner" } })).status).toBe(200);
    expect((await call(accountant, `${members}/${accountant.id}`, { method: "PATCH", json: { role: "accountant" } })).status).toBe(200);
    const changes = await audit("membership.role_changed");
    expect(changes.at(-1)).toMatchObject({
      actor_id: accountant.id,
      target_id: `${orgId}:${accountant.id}`,
      before: { role: "owner" },
      after: { role: "accountant" },
    });
  });

  it("invites by mail; the invitee accepts once and lands in the organization with the role", async () => {
    const invitee = await createSignedInUser(t, { email: "invitee-one@example.com" });
    const sent = await call(owner, `${booksPath(orgId)}/invitations`, { json: { email: "Invitee-One@Example.com", role: "viewer" } });
    expect(sent.status).toBe(201);
    expect((await json<{ invitation: { state: string; email: string } }>(sent)).invitation).toMatchObject({
      state: "pending",
      email: "invitee-one@example.com",
    });
    const token = await tokenFor("invitee-one@example.com");
    const [mail] = await queryRows<{ text_body: string; subject: string }>(
      t.ctx.db,
      sql`select text_body, subject from mail_outbox where to_address = 'invitee-one@example.com' and kind = 'organization-invitation'`,
    );
    expect(mail!.subject).toBe("Invitation to Matrix Books");
    expect(mail!.text_body).toContain(`${TEST_ORIGIN}/invitations/${token}`);

    const preview = await json<{ invitation: { organization_name: string; role: string; state: string } }>(
      await call(null, `/api/accounting/invitations/${token}`),
    );
    expect(preview.invitation).toEqual({
      organization_name: "Matrix Books",
      email: "invitee-one@example.com",
      role: "viewer",
      state: "pending",
      has_account: true,
    });

    expect((await call(null, `/api/accounting/invitations/${token}/accept`, { method: "POST" })).status).toBe(401);
    // Someone else holding the link cannot use it.
    expect((await call(stranger, `/api/accounting/invitations/${token}/accept`, { method: "POST" })).status).toBe(403);
    const accepted = await call(invitee, `/api/accounting/invitations/${token}/accept`, { method: "POST" });
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toEqual({ organization_id: orgId });
    expect(await roleOf(orgId, invitee.id)).toBe("viewer");
    expect((await call(invitee, `${booksPath(orgId)}/accounts`)).status).toBe(200);

    // Used: refused, with a clear message.
    const again = await call(invitee, `/api/accounting/invitations/${token}/accept`, { method: "POST" });
    expect(again.status).toBe(409);
    expect((await json<{ error: string }>(again)).error).toBe("This invitation has already been used.");
    const list = await json<{ invitations: { email: string; state: string }[] }>(await call(owner, `${booksPath(orgId)}/invitations`));
    expect(list.invitations.find((i) => i.email === "invitee-one@example.com")?.state).toBe("accepted");
    expect((await audit("membership.invited")).length).toBeGreaterThan(0);
    expect(await audit("membership.invitation_accepted")).toEqual([
      expect.objectContaining({ actor_id: invitee.id, target_id: `${orgId}:${invitee.id}` }),
    ]);
    expect(
      (await call(owner, `${booksPath(orgId)}/invitations`, { json: { email: "invitee-one@example.com", role: "viewer" } })).status,
    ).toBe(409);
  });

  it("refuses a second pending invitation for the same address, with a clear message; revoked links stop working", async () => {
    const path = `${booksPath(orgId)}/invitations`;
    expect((await call(owner, path, { json: { email: "twice@example.com", role: "accountant" } })).status).toBe(201);
    const second = await call(owner, path, { json: { email: "twice@example.com", role: "viewer" } });
    expect(second.status).toBe(409);
    expect(await second.json()).toEqual({
      error: "An invitation to twice@example.com is already pending. Revoke it to send a new one.",
      code: "CONFLICT",
      fields: { email: "An invitation to twice@example.com is already pending. Revoke it to send a new one." },
    });
    const token = await tokenFor("twice@example.com");
    const { invitations } = await json<{ invitations: { id: number; email: string }[] }>(await call(owner, path));
    const id = invitations.find((i) => i.email === "twice@example.com")!.id;
    expect((await call(accountant, `${path}/${id}`, { method: "DELETE" })).status).toBe(403);
    expect((await call(stranger, `${path}/${id}`, { method: "DELETE" })).status).toBe(404);
    const revoked = await call(owner, `${path}/${id}`, { method: "DELETE" });
    expect(revoked.status).toBe(200);
    expect((await json<{ invitations: { id: number; state: string }[] }>(revoked)).invitations.find((i) => i.id === id)?.state).toBe(
      "revoked",
    );
    expect((await call(owner, `${path}/${id}`, { method: "DELETE" })).status).toBe(409);

    const twice = await createSignedInUser(t, { email: "twice@example.com" });
    const refused = await call(twice, `/api/accounting/invitations/${token}/accept`, { method: "POST" });
    expect(refused.status).toBe(409);
    expect((await json<{ error: string }>(refused)).error).toMatch(/withdrawn/);
    expect(await roleOf(orgId, twice.id)).toBeUndefined();
    // Revoked: the address may be invited again.
    expect((await call(owner, path, { json: { email: "twice@example.com", role: "viewer" } })).status).toBe(201);
    // (The owner's earlier invitations went when they handed ownership over, in an earlier test.)
    expect((await audit("membership.invitation_revoked")).filter((r) => r.target_id === String(id))).toHaveLength(1);
  });

  it("expires an invitation after 7 days (time moved by a parameter); an expired one may be sent again", async () => {
    const actor = auditActor({ id: owner.id, email: owner.email }, null);
    const sentAt = new Date("2026-01-01T10:00:00Z");
    await t.ctx.db.transaction((tx) =>
      createInvitation(tx, orgId, actor, { email: "late@example.com", role: "viewer" }, { now: sentAt, publicUrl: TEST_ORIGIN }),
    );
    const token = await tokenFor("late@example.com");
    const late = await createSignedInUser(t, { email: "late@example.com" });
    const justBefore = new Date(sentAt.getTime() + INVITATION_TTL_MS - 1000);
    const after = new Date(sentAt.getTime() + INVITATION_TTL_MS);
    expect((await listInvitations(t.ctx.db, orgId, justBefore)).find((i) => i.email === "late@example.com")?.state).toBe("pending");
    expect((await listInvitations(t.ctx.db, orgId, after)).find((i) => i.email === "late@example.com")?.state).toBe("expired");
    await expect(acceptInvitation(t.ctx.db, late, actor, token, after)).rejects.toMatchObject({ status: 409, message: /expired/ });
    // Through the API (today's clock, long after 2026-01-08): the same refusal.
    const res = await call(late, `/api/accounting/invitations/${token}/accept`, { method: "POST" });
    expect(res.status).toBe(409);
    expect((await json<{ error: string }>(res)).error).toBe("This invitation has expired. Ask the person who invited you for a new one.");
    // A new one replaces it; the old one still reads "expired".
    expect((await call(owner, `${booksPath(orgId)}/invitations`, { json: { email: "late@example.com", role: "viewer" } })).status).toBe(
      201,
    );
    const states = (await listInvitations(t.ctx.db, orgId)).filter((i) => i.email === "late@example.com").map((i) => i.state);
    expect(states).toEqual(["pending", "expired"]);
    expect(await acceptInvitation(t.ctx.db, late, actor, await tokenFor("late@example.com"))).toBe(orgId);
  });

  it("answers an unknown or malformed token with 404 and a clear message", async () => {
    const res = await call(null, `/api/accounting/invitations/${"A".repeat(43)}`);
    expect(res.status).toBe(404);
    expect((await json<{ error: string }>(res)).error).toMatch(/not valid/);
    expect((await call(null, "/api/accounting/invitations/short")).status).toBe(404);
  });

  it("removes a member (audited); they lose the books at once", async () => {
    const leaving = await createSignedInUser(t);
    await addMember(t.ctx.db, orgId, leaving.id, "accountant");
    expect((await call(leaving, `${booksPath(orgId)}/accounts`)).status).toBe(200);
    expect((await call(owner, `${booksPath(orgId)}/members/${leaving.id}`, { method: "DELETE" })).status).toBe(200);
    expect((await call(leaving, `${booksPath(orgId)}/accounts`)).status).toBe(404);
    expect((await audit("membership.removed")).at(-1)).toMatchObject({ actor_id: owner.id, before: { role: "accountant" } });
  });

  it("creates a client organization: standard chart, the staff member as accountant, the client invited as owner", async () => {
    const staff = await createSignedInUser(t, { role: "staff" });
    const actor = auditActor({ id: staff.id, email: staff.email }, "203.0.113.9");
    const { organizationId, invitation } = await t.ctx.db.transaction((tx) =>
      createClientOrganization(tx, {
        companyName: "Client Co",
        ownerEmail: "Boss@Client.example",
        accountantUserId: staff.id,
        actor,
        publicUrl: TEST_ORIGIN,
      }),
    );
    expect(invitation).toMatchObject({ email: "boss@client.example", role: "owner", state: "pending" });
    expect(await roleOf(organizationId, staff.id)).toBe("accountant");
    const accounts = await json<{ accounts: unknown[] }>(await call(staff, `${booksPath(organizationId)}/accounts`));
    expect(accounts.accounts.length).toBe(15);
    const boss = await createSignedInUser(t, { email: "boss@client.example" });
    const res = await call(boss, `/api/accounting/invitations/${await tokenFor("boss@client.example")}/accept`, { method: "POST" });
    expect(await res.json()).toEqual({ organization_id: organizationId });
    expect(await roleOf(organizationId, boss.id)).toBe("owner");
    expect(await audit("organization.created")).toEqual([
      expect.objectContaining({ actor_id: staff.id, target_id: String(organizationId) }),
    ]);
  });
});
