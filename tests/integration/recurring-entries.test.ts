import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { addMember } from "~/features/tenancy/organizations.server.ts";
import { runDueRecurringEntries } from "~/features/ledger/recurring-entries.server.ts";
import { todayIso } from "~/lib/format.ts";
import { runDates } from "~/features/ledger/recurrence.ts";
import { queryRows } from "~/server/db/client.ts";
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from "../support/test-app.ts";
import { firstBooks } from "../support/books.ts";

interface Recurring {
  id: number;
  status: string;
  next_run_on: string | null;
  last_error: string | null;
  runs: number;
  upcoming: string[];
  total_amount: string;
  recent_runs: { run_on: string; entry_number: string | null; entry_status: string | null }[];
}

/** A date `months` months before today (UTC), on `day` (or the month's last day). */
function monthsAgo(months: number, day: number): string {
  const now = new Date();
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return `${first.toISOString().slice(0, 8)}${String(Math.min(day, last)).padStart(2, "0")}`;
}

describe("recurring entries: a template and a schedule, each run made once, drafts or posted", () => {
  let t: TestApp;
  let owner: TestUser;
  let books: ReturnType<typeof firstBooks>;
  let codes: Record<string, number>;
  const call = async (path: string, init: RequestInit & { json?: unknown } = {}, user = owner) =>
    t.request(`${await books(owner.cookie)}${path}`, { ...init, cookie: user.cookie });
  const rent = (over: Record<string, unknown> = {}) => ({
    description: "Office rent",
    reference: "Lease 12",
    lines: [
      { account_id: codes["6000"], debit_amount: "1,500.00", credit_amount: "0" },
      { account_id: codes["1000"], debit_amount: "0", credit_amount: "1500" },
    ],
    frequency: "monthly",
    day_of_month: 31,
    start_date: monthsAgo(3, 31),
    post: false,
    ...over,
  });
  const create = async (over: Record<string, unknown> = {}) => {
    const res = await call("/recurring", { method: "POST", json: rent(over) });
    expect(res.status, await res.clone().text()).toBe(201);
    return ((await res.json()) as { recurring: Recurring }).recurring;
  };
  const entriesOf = async (reference: string) =>
    queryRows<{ entry_date: string; status: string; total_amount: string; description: string }>(
      t.ctx.db,
      sql`select entry_date::text as entry_date, status, total_amount::text as total_amount, description from journal_entries
           where reference = ${reference} order by entry_date`,
    );

  beforeAll(async () => {
    t = await createTestApp();
    books = firstBooks(t);
    owner = await createSignedInUser(t, { companyName: "Recurring Co" });
    const { accounts } = (await (await call("/accounts")).json()) as { accounts: { id: number; account_code: string }[] };
    codes = Object.fromEntries(accounts.map((a) => [a.account_code, a.id]));
  });
  afterAll(() => t.close());

  it("a start date in the past makes the runs already due at once, as drafts on the last day of each month", async () => {
    const r = await create({ reference: "Lease A" });
    const expected = runDates({ frequency: "monthly", day_of_month: 31, start_date: monthsAgo(3, 31) }, null, 10).filter(
      (d) => d <= todayIso(),
    );
    expect(expected.length).toBeGreaterThanOrEqual(3);
    const made = await entriesOf("Lease A");
    expect(made.map((e) => e.entry_date)).toEqual(expected);
    expect(made.every((e) => e.status === "draft" && e.total_amount === "1500.00" && e.description === "Office rent")).toBe(true);
    expect(r).toMatchObject({ status: "active", runs: expected.length, total_amount: "1500.00" });
    expect(r.next_run_on! > todayIso()).toBe(true);
    expect(r.upcoming).toHaveLength(3);
    expect(r.upcoming[0]).toBe(r.next_run_on);
    expect(r.recent_runs.map((x) => x.run_on)).toEqual([...expected].reverse());

    // The job finds nothing more to do today, and again: each date once.
    expect(await runDueRecurringEntries(t.ctx.db, todayIso(), { recurringEntryId: r.id })).toBe(0);
    // Three months later (the server was down): the three missed runs are made, oldest first.
    const later = runDates({ frequency: "monthly", day_of_month: 31, start_date: monthsAgo(3, 31) }, expected.at(-1)!, 3);
    expect(await runDueRecurringEntries(t.ctx.db, later[2]!, { recurringEntryId: r.id })).toBe(3);
    expect((await entriesOf("Lease A")).map((e) => e.entry_date)).toEqual([...expected, ...later]);
  });

  it("post: each run is a posted entry; an end date ends the schedule after its last run", async () => {
    const start = monthsAgo(2, 10);
    const end = monthsAgo(1, 10);
    const r = await create({ reference: "Lease B", post: true, day_of_month: 10, start_date: start, end_date: end });
    expect((await entriesOf("Lease B")).map((e) => [e.entry_date, e.status])).toEqual([
      [start, "posted"],
      [end, "posted"],
    ]);
    expect(r).toMatchObject({ status: "ended", next_run_on: null, upcoming: [] });
  });

  it("quarterly and yearly schedules", async () => {
    const q = await create({ reference: "Q", frequency: "quarterly", day_of_month: 1, start_date: monthsAgo(7, 1) });
    expect((await entriesOf("Q")).map((e) => e.entry_date)).toEqual([monthsAgo(7, 1), monthsAgo(4, 1), monthsAgo(1, 1)]);
    expect(q.next_run_on).toBe(runDates({ frequency: "quarterly", day_of_month: 1, start_date: monthsAgo(7, 1) }, monthsAgo(1, 1), 1)[0]);
    await create({ reference: "Y", frequency: "yearly", day_of_month: 15, start_date: monthsAgo(13, 15) });
    expect((await entriesOf("Y")).map((e) => e.entry_date)).toEqual([monthsAgo(13, 15), monthsAgo(1, 15)]);
  });

  it("paused: nothing is made; resumed: from the next date on or after today, the dates passed meanwhile skipped", async () => {
    const r = await create({ reference: "Lease C", start_date: monthsAgo(0, 1), day_of_month: 1 });
    const made = (await entriesOf("Lease C")).length;
    expect((await call(`/recurring/${r.id}/pause`, { method: "POST" })).status).toBe(200);
    const future = runDates({ frequency: "monthly", day_of_month: 1, start_date: monthsAgo(0, 1) }, null, 4);
    expect(await runDueRecurringEntries(t.ctx.db, future[3]!, { recurringEntryId: r.id })).toBe(0);
    expect((await call(`/recurring/${r.id}/pause`, { method: "POST" })).status).toBe(409);
    const resumed = (await (await call(`/recurring/${r.id}/resume`, { method: "POST" })).json()) as { recurring: Recurring };
    expect(resumed.recurring).toMatchObject({ status: "active", next_run_on: future[1] });
    expect((await entriesOf("Lease C")).length).toBe(made);
    const ended = (await (await call(`/recurring/${r.id}/end`, { method: "POST" })).json()) as { recurring: Recurring };
    expect(ended.recurring).toMatchObject({ status: "ended", next_run_on: null });
    expect((await call(`/recurring/${r.id}`, { method: "PUT", json: rent() })).status).toBe(409);
  });

  it("edit: the next run follows the new schedule after the last run; delete keeps the entries made", async () => {
    const r = await create({ reference: "Lease D", start_date: monthsAgo(1, 5), day_of_month: 5 });
    const before = (await entriesOf("Lease D")).length;
    const res = await call(`/recurring/${r.id}`, {
      method: "PUT",
      json: rent({ reference: "Lease D", start_date: monthsAgo(1, 5), day_of_month: 20, description: "Office rent, new lease" }),
    });
    expect(res.status).toBe(200);
    const { recurring } = (await res.json()) as { recurring: Recurring & { description: string } };
    expect(recurring.description).toBe("Office rent, new lease");
    // Every run on the 5th that was made stays; the 20th of months after the last run follow.
    const rows = await entriesOf("Lease D");
    expect(rows.slice(0, before).every((e) => e.entry_date.endsWith("-05"))).toBe(true);
    expect(rows.slice(before).every((e) => e.entry_date.endsWith("-20"))).toBe(true);
    expect((await call(`/recurring/${r.id}`, { method: "DELETE" })).status).toBe(200);
    expect((await call(`/recurring/${r.id}`)).status).toBe(404);
    expect((await entriesOf("Lease D")).length).toBe(rows.length);
  });

  it("an account made inactive since: the run is not made, the schedule pauses with the reason", async () => {
    const created = await call("/accounts", {
      method: "POST",
      json: { account_code: "6950", account_name: "Parking", account_type: "Expense" },
    });
    const parking = ((await created.json()) as { account: { id: number } }).account.id;
    const r = await create({
      reference: "Parking",
      start_date: monthsAgo(-1, 28),
      day_of_month: 28,
      lines: [
        { account_id: parking, debit_amount: "80", credit_amount: "0" },
        { account_id: codes["1000"], debit_amount: "0", credit_amount: "80" },
      ],
    });
    expect(r.runs).toBe(0);
    expect((await call(`/accounts/${parking}`, { method: "DELETE" })).status).toBe(200);
    expect(await runDueRecurringEntries(t.ctx.db, r.next_run_on!, { recurringEntryId: r.id })).toBe(0);
    const { recurring } = (await (await call(`/recurring/${r.id}`)).json()) as { recurring: Recurring };
    expect(recurring.status).toBe("paused");
    expect(recurring.last_error).toContain("Account not found or inactive");
    expect(recurring.runs).toBe(0);
    expect(await entriesOf("Parking")).toEqual([]);
  });

  it("bad input is a 400 naming the field; viewers read but cannot change; other organizations see 404", async () => {
    const bad = async (over: Record<string, unknown>, field: string) => {
      const res = await call("/recurring", { method: "POST", json: rent(over) });
      expect(res.status).toBe(400);
      const body = (await res.json()) as { fields?: Record<string, string> };
      expect(Object.keys(body.fields ?? {})).toContain(field);
    };
    await bad({ frequency: "weekly" }, "frequency");
    await bad({ day_of_month: 32 }, "day_of_month");
    await bad({ start_date: "2026-02-30" }, "start_date");
    await bad({ end_date: "2000-01-01" }, "end_date");
    await bad({ lines: [{ account_id: codes["6000"], debit_amount: "10", credit_amount: "0" }] }, "lines");
    await bad({ description: "" }, "description");
    // A start date so far back that more than 120 runs would be made at once.
    await bad({ start_date: "2000-01-31" }, "start_date");

    const r = await create({ reference: "Lease E", start_date: monthsAgo(-1, 1), day_of_month: 1 });
    const viewer = await createSignedInUser(t);
    const orgId = Number((await books(owner.cookie)).split("/").pop());
    await addMember(t.ctx.db, orgId, viewer.id, "viewer");
    expect((await call(`/recurring`, {}, viewer)).status).toBe(200);
    expect((await call(`/recurring/${r.id}`, {}, viewer)).status).toBe(200);
    expect((await call(`/recurring/${r.id}/pause`, { method: "POST" }, viewer)).status).toBe(403);
    expect((await call(`/recurring`, { method: "POST", json: rent() }, viewer)).status).toBe(403);
    const stranger = await createSignedInUser(t);
    expect((await call(`/recurring/${r.id}`, {}, stranger)).status).toBe(404);
    const own = firstBooks(t);
    expect((await t.request(`${await own(stranger.cookie)}/recurring/${r.id}`, { cookie: stranger.cookie })).status).toBe(404);
  });
});
