import { createHash, randomUUID } from "node:crypto";
import { Hono } from "hono";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { queryRows } from "~/server/db/client.ts";
import { AppError, appErrorResponse } from "~/server/http/app-error.ts";
import { idempotency, MAX_KEPT_BODY_BYTES } from "~/server/idempotency.server.ts";
import { issueFormToken } from "~/features/leads/form-token.server.ts";
import { issueRoi } from "~/features/calculators/calculators.fixtures.ts";
import { cookieFrom, createSignedInUser, createTestApp, type TestApp } from "../support/test-app.ts";
import { apiWriteRoutes } from "../support/route-table.ts";
import { firstBooks } from "../support/books.ts";
import { apiRequests, authRequests, createFixtures, type ValidRequest } from "../support/api-requests.ts";

// One idempotency mechanism for every write (decision 080): the same request sent again with its Idempotency-Key
// gets the first answer, marked `Idempotent-Replayed: true`, and writes nothing more (no record, no mail).

/** The auth library's endpoints the pages call (the route table shows them as one wildcard). */
const AUTH_WRITES = [
  "sign-up/email",
  "sign-in/email",
  "sign-in/social",
  "sign-out",
  "request-password-reset",
  "reset-password",
  "send-verification-email",
  "change-password",
  "set-password",
  "change-email",
  "update-user",
  "two-factor/enable",
  "two-factor/verify-totp",
  "two-factor/disable",
  "two-factor/generate-backup-codes",
].map((p) => ({ method: "POST", path: `/api/auth/${p}` }));

describe("Idempotency-Key on every API write", () => {
  let t: TestApp;
  let books: ReturnType<typeof firstBooks>;
  beforeAll(async () => {
    t = await createTestApp();
    books = firstBooks(t);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.ctx.db.execute(sql`delete from rate_limits`);
  });

  /** Rows of every table (but the keys' own and the rate limits'): a replay adds none, a mail included. */
  async function rowCounts(): Promise<Record<string, number>> {
    const tables = await queryRows<{ name: string }>(
      t.ctx.db,
      sql`select table_name as name from information_schema.tables
           where table_schema = current_schema() and table_type = 'BASE TABLE'
             and table_name not in ('idempotency_keys', 'rate_limits', 'schema_migrations')`,
    );
    const [row] = await queryRows<Record<string, number>>(
      t.ctx.db,
      sql.raw(`select ${tables.map((x) => `(select count(*)::int from "${x.name}") as "${x.name}"`).join(", ")}`),
    );
    return row!;
  }

  type Init = { method?: string; json?: unknown; cookie?: string; key?: string };
  const send = (path: string, { key, ...init }: Init) =>
    t.request(path, { ...init, method: init.method ?? "POST", headers: key ? { "Idempotency-Key": key } : {} });

  /** Sends the request twice with one key: the second answer is the first, replayed, and nothing more is written. */
  async function twice(path: string, init: Init) {
    const key = randomUUID();
    const first = await send(path, { ...init, key });
    const firstBody = await first.text();
    expect(first.status, `${path}: ${firstBody}`).toBeLessThan(400);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    const written = await rowCounts();
    const again = await send(path, { ...init, key });
    expect(again.status).toBe(first.status);
    expect(await again.text()).toBe(firstBody);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.headers.getSetCookie()).toEqual(expect.arrayContaining(first.headers.getSetCookie()));
    expect(await rowCounts()).toEqual(written);
    return { first, again, body: firstBody ? (JSON.parse(firstBody) as Record<string, unknown>) : null };
  }

  const contact = (email = "maria@example.com") => ({
    firstName: "Maria",
    lastName: "Gonzalez",
    email,
    company: "Gonzalez Bakery",
    service: "bookkeeping",
    message: "We need help catching up on two years of books.",
    website: "",
    formToken: issueFormToken(t.config.appSecret, Date.now() - 10_000),
  });

  it("every write route of the route table and every auth endpoint reads the key (a key that is not a UUID is a 400)", async () => {
    const user = await createSignedInUser(t);
    const routes = [...apiWriteRoutes(t.app), ...AUTH_WRITES];
    expect(routes.length).toBeGreaterThan(AUTH_WRITES.length + 20);
    const missed: string[] = [];
    for (const r of routes) {
      const res = await send(r.path.replace(/:\w+/g, "1"), { method: r.method, json: {}, cookie: user.cookie, key: "not-a-uuid" });
      const body = (await res.json()) as { fields?: Record<string, string> };
      if (res.status !== 400 || body.fields?.["Idempotency-Key"] !== "Must be a UUID") missed.push(`${r.method} ${r.path}`);
    }
    expect(missed).toEqual([]);
  });

  it("public forms: a retried contact, consultation or sign-up makes one record and sends its mail once", async () => {
    await twice("/api/leads/contact", { json: contact() });
    await twice("/api/leads/consultation", {
      json: {
        firstName: "Raj",
        lastName: "Patel",
        email: "raj@example.com",
        phone: "+1 212 555 0100",
        companyName: "Northwind Traders",
        annualRevenueRange: "1m-5m",
        servicesInterested: ["tax", "erp"],
        challenges: "Our month-end close takes three weeks.",
        preferredTime: "afternoon",
        website: "",
        formToken: issueFormToken(t.config.appSecret, Date.now() - 10_000),
      },
    });
    const email = `new-${randomUUID()}@example.com`;
    await twice("/api/auth/sign-up/email", {
      json: { email, password: "a-long-passphrase-42", name: "Nina New", firstName: "Nina", lastName: "New", companyName: "Nina Co" },
    });
    await twice("/api/auth/request-password-reset", { json: { email, redirectTo: "/reset-password" } });
  });

  it("signed-in writes: calculator save, new account, journal entry, email and password change, account deletion", async () => {
    const user = await createSignedInUser(t, { companyName: "Retry Books" });
    await twice("/api/calculators/submissions", { cookie: user.cookie, json: { calculatorType: "roi", inputs: issueRoi } });
    const path = await books(user.cookie);
    await twice(`${path}/accounts`, {
      cookie: user.cookie,
      json: { account_code: "6150", account_name: "Retry Expense", account_type: "Expense" },
    });
    const accounts = (await (await t.request(`${path}/accounts`, { cookie: user.cookie })).json()) as {
      accounts: { id: number; account_code: string }[];
    };
    const acc = Object.fromEntries(accounts.accounts.map((a) => [a.account_code, a.id]));
    await twice(`${path}/entries`, {
      cookie: user.cookie,
      json: {
        description: "Retried entry",
        entry_date: "2026-03-01",
        lines: [
          { account_id: acc["6000"], debit_amount: 10, credit_amount: 0 },
          { account_id: acc["1000"], debit_amount: 0, credit_amount: 10 },
        ],
      },
    });
    await twice("/api/auth/change-email", { cookie: user.cookie, json: { newEmail: `changed-${user.email}` } });
    const changed = await twice("/api/auth/change-password", {
      cookie: user.cookie,
      json: { currentPassword: user.password, newPassword: "another-long-passphrase-42", revokeOtherSessions: true },
    });
    expect(changed.first.headers.getSetCookie().some((c) => c.includes("session_token="))).toBe(true);
    const signedIn = await twice("/api/auth/sign-in/email", { json: { email: user.email, password: "another-long-passphrase-42" } });
    expect(signedIn.first.headers.getSetCookie().some((c) => c.includes("session_token="))).toBe(true);
    // The password change ended the other sessions and gave this one a new cookie; the deletion ends it.
    await twice("/api/account/delete", { cookie: cookieFrom(changed.first), json: { confirmOrganizations: ["Retry Books"] } });
  });

  it("10 simultaneous pairs (one key each, sent twice at once) make 10 records, each pair one answer", async () => {
    const before = (await rowCounts()).contact_messages!;
    const keys = Array.from({ length: 10 }, () => randomUUID());
    const answers = await Promise.all(
      keys.flatMap((key, i) => {
        const json = contact(`pair-${i}@example.com`);
        return [0, 1].map(() => send("/api/leads/contact", { key, json }));
      }),
    );
    const texts = await Promise.all(answers.map((r) => r.text()));
    for (let i = 0; i < 10; i++) {
      expect([answers[2 * i]!.status, answers[2 * i + 1]!.status]).toEqual([201, 201]);
      expect(texts[2 * i + 1]).toBe(texts[2 * i]);
      expect(answers.slice(2 * i, 2 * i + 2).filter((r) => r.headers.get("idempotent-replayed") === "true")).toHaveLength(1);
    }
    expect((await rowCounts()).contact_messages).toBe(before + 10);
  });

  it("the same key with another body is a 422; another caller's same key is their own", async () => {
    const key = randomUUID();
    const alice = await createSignedInUser(t);
    const bob = await createSignedInUser(t);
    expect((await send("/api/leads/contact", { key, cookie: alice.cookie, json: contact("alice@example.com") })).status).toBe(201);
    const reused = await send("/api/leads/contact", { key, cookie: alice.cookie, json: contact("alice-other@example.com") });
    expect(reused.status).toBe(422);
    expect(await reused.json()).toMatchObject({
      code: "IDEMPOTENCY_KEY_REUSED",
      fields: { "Idempotency-Key": "Already used for another request" },
    });
    const before = (await rowCounts()).contact_messages!;
    const bobs = await send("/api/leads/contact", { key, cookie: bob.cookie, json: contact("alice@example.com") });
    expect(bobs.status).toBe(201);
    expect(bobs.headers.get("idempotent-replayed")).toBeNull();
    expect((await rowCounts()).contact_messages).toBe(before + 1);
  });

  it("a refused request keeps nothing under its key: the corrected retry runs", async () => {
    const key = randomUUID();
    const bad = await send("/api/leads/contact", { key, json: { ...contact(), email: "not-an-email" } });
    expect(bad.status).toBe(400);
    const fixed = await send("/api/leads/contact", { key, json: contact("fixed@example.com") });
    expect(fixed.status).toBe(201);
    expect(fixed.headers.get("idempotent-replayed")).toBeNull();
  });
});

// Every write of the app, as its valid request (tests/support/api-requests.ts covers the whole route table), sent
// twice with one key: a new write route is in this walk by construction.
describe("every write route replays its first answer", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 180_000);
  afterAll(() => t.close());

  /** Every table's rows as one fingerprint each (the keys' own and the rate limits' aside). */
  async function fingerprints(): Promise<Record<string, string>> {
    const tables = await queryRows<{ name: string }>(
      t.ctx.db,
      sql`select table_name as name from information_schema.tables
           where table_schema = current_schema() and table_type = 'BASE TABLE'
             and table_name not in ('idempotency_keys', 'rate_limits', 'schema_migrations')`,
    );
    const [row] = await queryRows<Record<string, string>>(
      t.ctx.db,
      sql.raw(
        `select ${tables.map((x) => `(select md5(coalesce(string_agg(r::text, '|' order by r::text), '')) from "${x.name}" r) as "${x.name}"`).join(", ")}`,
      ),
    );
    return row!;
  }

  it("the same key sent again answers the same status and body, and writes nothing more", async () => {
    const f = await createFixtures(t);
    const writes = [...apiRequests(t, f), ...authRequests(f)].filter((r) => r.method !== "GET");
    // The same bytes twice: a body is made once (some hold a fresh token or address each time they are made).
    const send = (r: ValidRequest, key: string, body: { body: string } | { json: unknown } | object) => {
      const path = r.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(r.params?.[name]?.() ?? ""));
      const query = r.query ? `?${new URLSearchParams(r.query()).toString()}` : "";
      const cookie = r.anonymous ? undefined : (r.as?.() ?? f.admin).cookie;
      const headers: Record<string, string> = { "Idempotency-Key": key };
      if (r.file) headers["content-type"] = "text/csv";
      return t.request(path + query, {
        method: r.method,
        cookie,
        headers,
        ...body,
      });
    };
    const wrong: string[] = [];
    let replayed = 0;
    for (const r of writes) {
      await t.ctx.db.execute(sql`delete from rate_limits`);
      const key = randomUUID();
      const body = r.file ? { body: r.file() } : r.body ? { json: r.body() } : {};
      const first = await send(r, key, body);
      const firstBody = await first.text();
      const written = await fingerprints();
      const again = await send(r, key, body);
      const againBody = await again.text();
      const name = `${r.method} ${r.path}`;
      if (first.status >= 500 || again.status >= 500) wrong.push(`${name}: ${first.status} then ${again.status}`);
      if (again.status !== first.status) wrong.push(`${name}: ${first.status}, then ${again.status} on the retry`);
      if (first.status >= 400) continue;
      replayed++;
      if (againBody !== firstBody) wrong.push(`${name}: the retry answered another body`);
      if (again.headers.get("idempotent-replayed") !== "true") wrong.push(`${name}: the retry is not marked as replayed`);
      const after = await fingerprints();
      const grown = Object.keys(after).filter((k) => after[k] !== written[k]);
      if (grown.length) wrong.push(`${name}: the retry wrote to ${grown.join(", ")}`);
    }
    expect(wrong).toEqual([]);
    // Most writes succeed on the catalogue's fixtures; the walk is not a walk of refusals.
    expect(replayed).toBeGreaterThan(35);
  }, 300_000);
});

// The middleware itself, on a route of its own: what it keeps and what it lets run again.
describe("idempotency middleware", () => {
  let t: TestApp;
  let runs = 0;
  let failNext = false;
  const app = new Hono();
  beforeAll(async () => {
    t = await createTestApp();
    app.use(idempotency({ db: t.ctx.db, logger: pino({ level: "silent" }) }));
    app.post("/count", (c) => {
      runs++;
      if (failNext) {
        failNext = false;
        return c.json({ error: "down", code: "UNAVAILABLE" }, 503);
      }
      return c.json({ runs });
    });
    app.post("/big", (c) => {
      runs++;
      return c.json({ text: "x".repeat(MAX_KEPT_BODY_BYTES) });
    });
    app.onError((err, c) => (err instanceof AppError ? appErrorResponse(c, err) : c.text("failed", 500)));
  });
  afterAll(() => t.close());
  const post = (path: string, key: string) => app.request(path, { method: "POST", headers: { "Idempotency-Key": key } });

  it("a 5xx answer frees the key: the retry runs and its answer is kept", async () => {
    const key = randomUUID();
    failNext = true;
    expect((await post("/count", key)).status).toBe(503);
    const retried = await post("/count", key);
    expect(retried.status).toBe(200);
    const again = await post("/count", key);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await again.json()).toEqual(await retried.json());
  });

  it("an answer too large to keep still holds its key: the retry is a 409 and does not run", async () => {
    const key = randomUUID();
    expect((await post("/big", key)).status).toBe(200);
    const before = runs;
    const again = await post("/big", key);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: "IDEMPOTENCY_ANSWER_NOT_KEPT" });
    expect(runs).toBe(before);
  });

  it("a reservation left by a stopped process is taken over once it expires", async () => {
    const key = randomUUID();
    const hash = createHash("sha256").update("POST /count\n").digest("hex");
    await t.ctx.db.execute(
      sql`insert into idempotency_keys (caller, key, request_hash, route, reserved_until)
          values ('ip:unknown', ${key}::uuid, ${hash}, 'POST /count', now() - interval '1 second')`,
    );
    const before = runs;
    const res = await post("/count", key);
    expect(res.status).toBe(200);
    expect(res.headers.get("idempotent-replayed")).toBeNull();
    expect(runs).toBe(before + 1);
    expect((await post("/count", key)).headers.get("idempotent-replayed")).toBe("true");
  });
});
