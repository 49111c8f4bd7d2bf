import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMember } from "~/features/tenancy/organizations.server.ts";
import { generalLedgerLineCount } from "~/features/reports/general-ledger.server.ts";
import { ALL_ACCOUNTS_TOO_LONG } from "~/features/reports/general-ledger.ts";
import type { Membership } from "~/features/tenancy/tenancy.types.ts";
import { MAX_PRINTED_LINES } from "~/features/reports/report-print.ts";
import { queryRows, REPORT_TIMEOUT_MESSAGE, withStatementTimeout } from "~/server/db/client.ts";
import { AppError } from "~/server/http/app-error.ts";
import { booksPath } from "../support/books.ts";
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from "../support/test-app.ts";

describe("reports within bounds: the lines a PDF holds, the time a report's statement may take", () => {
  let t: TestApp;
  let owner: TestUser;
  let viewer: TestUser;
  let orgId: number;
  let cash: number;
  const call = (path: string, user: TestUser) => t.request(`${booksPath(orgId)}${path}`, { cookie: user.cookie });

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createSignedInUser(t, { companyName: "Harbor Lights Bakery" });
    viewer = await createSignedInUser(t, { companyName: "Viewer Co" });
    const orgs = (await (await t.request("/api/accounting/orgs", { cookie: owner.cookie })).json()) as { organizations: { id: number }[] };
    orgId = orgs.organizations[0]!.id;
    await addMember(t.ctx.db, orgId, viewer.id, "viewer");
    const list = (await (await call("/accounts", owner)).json()) as { accounts: { id: number; account_code: string }[] };
    const id = (code: string) => list.accounts.find((a) => a.account_code === code)!.id;
    cash = id("1000");
    // One posted entry with a line more on cash than a PDF holds: a sale, and cents moved in and out of the till.
    const res = await t.request(`${booksPath(orgId)}/entries`, {
      cookie: owner.cookie,
      json: {
        description: "Till counted coin by coin",
        entry_date: "2026-10-15",
        lines: [
          { account_id: cash, debit_amount: "1.00", credit_amount: "0" },
          { account_id: id("4000"), debit_amount: "0", credit_amount: "1.00" },
        ],
      },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const { entry } = (await res.json()) as { entry: { id: number } };
    const pairs = MAX_PRINTED_LINES / 2;
    await t.ctx.db.execute(
      sql`insert into journal_entry_lines (organization_id, journal_entry_id, line_no, account_id, description, debit_amount, credit_amount)
          select ${orgId}, ${entry.id}, 2 + n, ${cash}, null, case when n % 2 = 1 then 0.01 else 0 end, case when n % 2 = 0 then 0.01 else 0 end
            from generate_series(1, ${pairs * 2}) as n`,
    );
    await t.ctx.db.execute(sql`update journal_entries set total_amount = total_amount + ${pairs / 100} where id = ${entry.id}`);
    const posted = await t.request(`${booksPath(orgId)}/entries/${entry.id}/post`, { method: "POST", cookie: owner.cookie });
    expect(posted.status, await posted.clone().text()).toBe(200);
  });
  afterAll(() => t.close());

  it("a general ledger longer than a PDF holds is refused (400), naming the period and the CSV", async () => {
    const res = await call(`/reports/general_ledger/pdf?account=${cash}&start=2026-10-01&end=2026-10-31`, viewer);
    expect(res.status).toBe(400);
    const message = "This report has 10,001 lines; a PDF holds at most 10,000. Choose a shorter period, or download the CSV.";
    expect(await res.json()).toEqual({ error: message, code: "INVALID_INPUT", fields: { start: message } });
  });

  it("every account's ledger of a period over the cap is refused (PDF and CSV, 400 naming the period), counted only up to the cap", async () => {
    for (const format of ["pdf", "csv"]) {
      const res = await call(`/reports/general_ledger/all/${format}?start=2026-10-01&end=2026-10-31`, viewer);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: ALL_ACCOUNTS_TOO_LONG, code: "INVALID_INPUT", fields: { start: ALL_ACCOUNTS_TOO_LONG } });
    }
    const m = { organizationId: orgId } as Membership;
    expect(await generalLedgerLineCount(t.ctx.db, m, { start: "2026-10-01", end: "2026-10-31" }, MAX_PRINTED_LINES + 1)).toBe(
      MAX_PRINTED_LINES + 1,
    );
    // September has none: every account's ledger of it is a PDF (saying so) and a CSV of its head alone.
    expect((await call(`/reports/general_ledger/all/pdf?start=2026-09-01&end=2026-09-30`, viewer)).status).toBe(200);
    expect((await (await call(`/reports/general_ledger/all/csv?start=2026-09-01&end=2026-09-30`, viewer)).text()).trim()).toBe(
      "Account,Date,Entry,Description,Counter Account,Tax,Debit,Credit,Balance",
    );
  });

  it("the General ledger screen offers no PDF the cap would refuse: it says so and offers the CSV", async () => {
    const { loader } = await import("~/app/routes/accounting-ledger.tsx");
    const user = { id: viewer.id, email: viewer.email, name: "Viewer", emailVerified: true, role: "client" as const };
    const load = async (query: string) =>
      (
        await loader({
          context: { app: t.ctx, user, sessionId: "s", enrolmentRequired: false, nonce: "", publicPage: false },
          request: new Request(`http://localhost:3000/accounting/${orgId}/ledger?${query}`),
          params: { orgId: String(orgId) },
        } as never)
      ).view;
    expect(await load(`account=${cash}&start=2026-10-01&end=2026-10-31`)).toMatchObject({ printable: false, allPrintable: false });
    expect(await load(`account=${cash}&start=2026-09-01&end=2026-09-30`)).toMatchObject({ printable: true, allPrintable: true });
    expect(await load(`start=2026-10-01&end=2026-10-31`)).toMatchObject({ ledger: null, allPrintable: false });
    expect(await load(`start=2026-10-31&end=2026-10-01`)).toMatchObject({ allPrintable: null });
  });

  it("the CSV of the same ledger has every line", async () => {
    const res = await call(`/reports/general_ledger/csv?account=${cash}&start=2026-10-01&end=2026-10-31`, viewer);
    expect(res.status).toBe(200);
    // The head, the opening balance, the lines and the closing balance.
    expect((await res.text()).trim().split("\r\n")).toHaveLength(1 + 1 + MAX_PRINTED_LINES + 1 + 1);
  });

  it("a report statement running past the timeout answers 503 with a message (PostgreSQL); the embedded database runs it to its end", async () => {
    const slow = withStatementTimeout(t.ctx.db, (tx) => queryRows(tx, sql`select pg_sleep(0.3) as slept`), 50);
    if (t.testDb.database.kind === "pglite") {
      // PGlite accepts statement_timeout and ignores it: there is nothing to cancel a statement with.
      await expect(slow).resolves.toHaveLength(1);
      return;
    }
    const refusal = await slow.catch((err: unknown) => err);
    expect(refusal).toBeInstanceOf(AppError);
    expect((refusal as AppError).toBody()).toEqual({ error: REPORT_TIMEOUT_MESSAGE, code: "TIMEOUT" });
    expect((refusal as AppError).status).toBe(503);
    // The connection went back to the pool in a usable state, and the setting did not outlive the report.
    const [row] = await queryRows<{ timeout: string }>(t.ctx.db, sql`select current_setting('statement_timeout') as timeout`);
    expect(row!.timeout).toBe("0");
  });
});
