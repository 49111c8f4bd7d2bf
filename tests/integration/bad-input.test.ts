import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { sql } from "drizzle-orm";
import { queryRows } from "~/server/db/client.ts";
import { issueFormToken } from "~/features/leads/form-token.server.ts";
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from "../support/test-app.ts";

/**
 * Bad input on every API route answers 4xx, never 5xx, and a refused request leaves every table as it was.
 * The routes are the feature routers' (src/server/api-routes.server.ts) and the auth endpoints the pages call.
 */

const NUL = "a\u0000b";
const LONE = "line \ud800 one";

let t: TestApp;
let admin: TestUser;
let accountIds: number[];
let draftId: number;
let postedId: number;
let submissionId: string;
let orgId: number;

const formToken = () => issueFormToken(t.config.appSecret, Date.now() - 10_000);

/**
 * Every table but the rate-limit counters (throttling counts refused attempts by design), as one fingerprint
 * per table. The same statement empties the counters, so that throttling does not turn the next request into
 * a 429 before it reaches validation.
 */
let tables: string[] = [];
async function snapshot(): Promise<Record<string, string>> {
  const parts = tables.map(
    (name) =>
      sql`(select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) from ${sql.identifier(name)} t) as ${sql.identifier(name)}`,
  );
  const [row] = await queryRows<Record<string, string>>(
    t.ctx.db,
    sql`with cleared as (delete from rate_limits returning 1) select (select count(*) from cleared) as cleared, ${sql.join(parts, sql`, `)}`,
  );
  const { cleared: _, ...fingerprints } = row!;
  return fingerprints;
}

function changed(before: Record<string, string>, after: Record<string, string>): string[] {
  return Object.keys(before).filter((k) => before[k] !== after[k]);
}

// ---------------------------------------------------------------------------------------------------------
// Valid requests for every route; the fuzzer breaks them (one field at a time, or wholesale).

type Json = Record<string, unknown>;

const entryBody = (): Json => ({
  description: "Office rent",
  entry_date: "2026-03-01",
  reference: "INV-1",
  lines: [
    { account_id: accountIds[0], description: "rent", debit_amount: 100, credit_amount: 0 },
    { account_id: accountIds[1], description: null, debit_amount: 0, credit_amount: 100 },
  ],
});
const roiInputs = {
  currentRevenue: "500000",
  currentCosts: "350000",
  projectedRevenue: "650000",
  projectedCosts: "400000",
  implementationCost: "50000",
  timeframe: "12",
};

interface Route {
  method: string;
  /** Path with `:id` where an id goes. */
  path: string;
  /** What `:id` is when valid. */
  id?: () => string;
  body?: () => Json;
  query?: () => Record<string, string>;
  /** Other paths of the body to break besides its top-level keys. */
  deep?: string[];
  /** Sent without the signed-in user's cookie. */
  anonymous?: boolean;
}

const ROUTES: Route[] = [
  { method: "GET", path: "/api/health" },
  { method: "GET", path: "/api/accounting/orgs" },
  { method: "GET", path: "/api/accounting/orgs/:org/me" },
  { method: "GET", path: "/api/accounting/orgs/:org/accounts" },
  {
    method: "POST",
    path: "/api/accounting/orgs/:org/accounts",
    body: () => ({ account_code: "9100", account_name: "Petty cash", account_type: "Asset" }),
  },
  {
    method: "PATCH",
    path: "/api/accounting/orgs/:org/accounts/:id",
    id: () => String(accountIds[2]),
    body: () => ({ account_name: "Renamed", account_type: "Asset" }),
  },
  { method: "DELETE", path: "/api/accounting/orgs/:org/accounts/:id", id: () => String(accountIds[accountIds.length - 1]) },
  {
    method: "GET",
    path: "/api/accounting/orgs/:org/accounts/:id/ledger",
    id: () => String(accountIds[0]),
    query: () => ({ start: "2026-01-01", end: "2026-12-31" }),
  },
  { method: "GET", path: "/api/accounting/orgs/:org/entries", query: () => ({ offset: "0" }) },
  {
    method: "POST",
    path: "/api/accounting/orgs/:org/entries",
    body: entryBody,
    deep: ["lines.0.account_id", "lines.0.description", "lines.0.debit_amount", "lines.1.credit_amount", "lines.1.account_id", "lines.0"],
  },
  { method: "GET", path: "/api/accounting/orgs/:org/entries/:id", id: () => String(draftId) },
  {
    method: "PUT",
    path: "/api/accounting/orgs/:org/entries/:id",
    id: () => String(draftId),
    body: entryBody,
    deep: ["lines.0.account_id", "lines.0.description", "lines.1.debit_amount"],
  },
  { method: "POST", path: "/api/accounting/orgs/:org/entries/:id/post", id: () => String(draftId) },
  {
    method: "POST",
    path: "/api/accounting/orgs/:org/entries/:id/reverse",
    id: () => String(postedId),
    body: () => ({ entry_date: "2026-06-30" }),
  },
  { method: "GET", path: "/api/accounting/orgs/:org/entries/:id/pdf", id: () => String(postedId) },
  {
    method: "GET",
    path: "/api/accounting/orgs/:org/reports/:id",
    id: () => "trial_balance",
    query: () => ({ start: "2026-01-01", end: "2026-12-31" }),
  },
  {
    method: "POST",
    path: "/api/calculators/submissions",
    body: () => ({ calculatorType: "roi", email: "cfo@example.com", name: "Pat", inputs: { ...roiInputs } }),
    deep: ["inputs.currentRevenue", "inputs.timeframe"],
  },
  { method: "GET", path: "/api/calculators/submissions" },
  { method: "GET", path: "/api/calculators/submissions/:id", id: () => submissionId },
  { method: "POST", path: "/api/content/newsletter", body: () => ({ email: "reader@example.com", source: "footer" }), anonymous: true },
  { method: "GET", path: "/api/content/site-content", query: () => ({ keys: "vision_title,mission_title" }) },
  {
    method: "PUT",
    path: "/api/content/site-content/:id",
    id: () => "vision_title",
    body: () => ({ value: "Our vision", description: "Home" }),
  },
  { method: "DELETE", path: "/api/content/site-content/:id", id: () => "mission_title" },
  {
    method: "POST",
    path: "/api/leads/contact",
    anonymous: true,
    body: () => ({
      firstName: "Maria",
      lastName: "Gonzalez",
      email: "maria@example.com",
      company: "Gonzalez Bakery",
      service: "bookkeeping",
      message: "We need help with two years of books.",
      website: "",
      formToken: formToken(),
    }),
  },
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
      formToken: formToken(),
    }),
    deep: ["servicesInterested.0"],
  },
  { method: "GET", path: "/api/dev/mail" },
  // The auth endpoints the pages call (login, sign-up, reset, verification) and the profile ones.
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
    body: () => ({ email: admin.email, password: "wrong-password-1", rememberMe: true }),
  },
  {
    method: "POST",
    path: "/api/auth/request-password-reset",
    anonymous: true,
    body: () => ({ email: admin.email, redirectTo: "/reset-password" }),
  },
  {
    method: "POST",
    path: "/api/auth/reset-password",
    anonymous: true,
    body: () => ({ token: "not-a-token", newPassword: "correct-horse-battery-staple" }),
  },
  {
    method: "GET",
    path: "/api/auth/reset-password/:id",
    anonymous: true,
    id: () => "not-a-token",
    query: () => ({ callbackURL: "/reset-password" }),
  },
  {
    method: "POST",
    path: "/api/auth/send-verification-email",
    anonymous: true,
    body: () => ({ email: admin.email, callbackURL: "/login?verified=1" }),
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

// ---------------------------------------------------------------------------------------------------------
// Arbitraries of bad values.

const SPECIAL = [
  "\u0000",
  "\u0001",
  "\u001f",
  "\u007f",
  "\u0085",
  "\u009f",
  "\t",
  "\n",
  "\r",
  "\ud800",
  "\udfff",
  "\udbff\udfff",
  "\u2028",
  "\ufeff",
  "\ufffe",
  "\u202e",
  "😀",
  "é",
];
const badString = fc.oneof(
  fc.string(),
  fc.string({ unit: "binary" }),
  fc.array(fc.oneof(fc.constantFrom(...SPECIAL), fc.string({ maxLength: 3 })), { maxLength: 6 }).map((parts) => parts.join("")),
  fc.constantFrom(
    "",
    " ",
    NUL,
    LONE,
    "0000-01-01",
    "0001-01-01",
    "9999-12-31",
    "10000-01-01",
    "2026-02-30",
    "-2026-01-01",
    "2147483648",
    "99999999999999999999",
    "-1",
    "0",
    "1e309",
    "NaN",
    "0x10",
    "1.5",
    "x".repeat(5000),
    "<script>alert(1)</script>",
    "'; drop table users; --",
    "%00",
    "__proto__",
  ),
);
const badNumber = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(0, -1, -0, 0.001, 2 ** 31 - 1, 2 ** 31, -(2 ** 31) - 1, 2 ** 32, 2 ** 53, 2 ** 63, 1e308, 999_999_999_999.99, 1e12, 1e15),
);
const badLeaf = fc.oneof(badString, badNumber, fc.boolean(), fc.constant(null));
const badValue = fc.oneof(
  { weight: 6, arbitrary: badLeaf },
  { weight: 1, arbitrary: fc.array(badLeaf, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(badString, badLeaf, { maxKeys: 3 }) },
);
const DELETE = Symbol("delete");
const LONE_SURROGATES = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Sets (or deletes) a dotted path in a copy of `obj`. */
function setPath(obj: Json, path: string, value: unknown): Json {
  const copy = structuredClone(obj);
  const keys = path.split(".");
  let at: Record<string, unknown> = copy;
  for (const k of keys.slice(0, -1)) {
    if (!at[k] || typeof at[k] !== "object") at[k] = {};
    at = at[k] as Record<string, unknown>;
  }
  const last = keys[keys.length - 1]!;
  if (value === DELETE) delete at[last];
  else at[last] = value;
  return copy;
}

const RAW_BODIES = [
  "",
  "{",
  "[",
  "null",
  "true",
  '"text"',
  "[1,2,3]",
  '{"a":}',
  "{'single':'quotes'}",
  '{"__proto__":{"polluted":1}}',
  '{"constructor":{"prototype":{"polluted":1}}}',
  '{"name":"\\u0000"}',
  '{"email":"\\ud800@example.com"}',
  "[".repeat(3000) + "]".repeat(3000),
  "[".repeat(15000) + "]".repeat(15000),
  '{"a":' + "[".repeat(3000) + "]".repeat(3000) + "}",
  "a=%00&b=%ZZ&c=%ED%A0%80&email=%C0%80",
  '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n',
  "\u0000\u0001\u0002",
];
const CONTENT_TYPES = [
  "application/json",
  "application/json; charset=utf-8",
  "APPLICATION/JSON",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data",
  "multipart/form-data; boundary=x",
  "application/xml",
  undefined,
];
const RAW_IDS = [
  "0",
  "-1",
  "1.5",
  "1e3",
  "2147483647",
  "2147483648",
  "99999999999999999999",
  "abc",
  "%00",
  "%ED%A0%80",
  "%ZZ",
  "%20",
  "NaN",
  "00000000-0000-0000-0000-000000000000",
];
const RAW_QUERIES = [
  "start=%00&end=%00",
  "start=%ED%A0%80",
  "start=%ZZ",
  "start=0000-01-01&end=0000-12-31",
  "offset=-5",
  "offset=1e400",
  "keys=%00",
  "token=%00",
  "a[b]=c",
  "start&end",
  "start=2026-01-01&start=2027-01-01&end=2026-12-31",
];

interface Call {
  route: Route;
  path: string;
  body?: string | FormData;
  contentType?: string;
  anonymous: boolean;
}

function callFor(route: Route): fc.Arbitrary<Call> {
  const idArb = route.id
    ? fc.oneof(
        { weight: 3, arbitrary: fc.constant(null) },
        { weight: 2, arbitrary: fc.constantFrom(...RAW_IDS) },
        {
          weight: 1,
          arbitrary: fc.oneof(
            badString.map((s) => encodeURIComponent(s.replace(LONE_SURROGATES, "\ufffd"))),
            fc.integer().map(String),
          ),
        },
      )
    : fc.constant(null);
  const queryArb = route.query
    ? fc.oneof(
        { weight: 2, arbitrary: fc.constant(null) },
        {
          weight: 4,
          arbitrary: fc
            .tuple(fc.constantFrom(...Object.keys(route.query())), fc.oneof(badString, fc.constant(DELETE)))
            .map(([k, v]) => ({ k, v })),
        },
        { weight: 1, arbitrary: fc.constantFrom(...RAW_QUERIES) },
      )
    : fc.constant(null);
  const paths = route.body ? [...Object.keys(route.body()), "extra", ...(route.deep ?? [])] : ["extra"];
  const bodyArb = fc.oneof(
    // The valid body with one to three fields broken.
    {
      weight: 6,
      arbitrary: fc
        .array(
          fc.tuple(fc.constantFrom(...paths), fc.oneof({ weight: 5, arbitrary: badValue }, { weight: 1, arbitrary: fc.constant(DELETE) })),
          { minLength: 1, maxLength: 3 },
        )
        .map((m) => ({ kind: "mutated" as const, m })),
    },
    // Any JSON at all.
    { weight: 2, arbitrary: fc.oneof(badValue, fc.jsonValue()).map((v) => ({ kind: "json" as const, v })) },
    // Malformed or unexpected bytes.
    { weight: 2, arbitrary: fc.constantFrom(...RAW_BODIES).map((raw) => ({ kind: "raw" as const, raw })) },
    // The valid body as a form (urlencoded or multipart), fields broken.
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom(...paths), badString, fc.boolean())
        .map(([k, v, multipart]) => ({ kind: "form" as const, k, v, multipart })),
    },
  );
  const typeArb = fc.oneof(
    { weight: 4, arbitrary: fc.constant("application/json") },
    { weight: 1, arbitrary: fc.constantFrom(...CONTENT_TYPES) },
  );
  const hasBody = route.method !== "GET" && route.method !== "DELETE";
  return fc
    .record({
      id: idArb,
      query: queryArb,
      body: bodyArb,
      type: typeArb,
      anonymous: fc.oneof({ weight: 5, arbitrary: fc.constant(!!route.anonymous) }, { weight: 1, arbitrary: fc.boolean() }),
    })
    .map(({ id, query, body, type, anonymous }) => {
      let path = route.path.replace(":org", String(orgId)).replace(":id", id ?? encodeURIComponent(route.id?.() ?? ""));
      if (route.query || query) {
        let qs: string;
        if (typeof query === "string") qs = query;
        else {
          const params = { ...route.query?.() } as Record<string, string>;
          if (query && query.v === DELETE) delete params[query.k];
          else if (query) params[query.k] = query.v as string;
          qs = new URLSearchParams(params).toString();
        }
        path += `?${qs}`;
      }
      const call: Call = { route, path, anonymous };
      if (!hasBody) return call;
      const valid = route.body?.() ?? {};
      if (body.kind === "mutated") {
        call.body = JSON.stringify(body.m.reduce<Json>((acc, [p, v]) => setPath(acc, p, v), valid));
        call.contentType = type;
      } else if (body.kind === "json") {
        call.body = JSON.stringify(body.v) ?? "";
        call.contentType = type;
      } else if (body.kind === "raw") {
        call.body = body.raw;
        call.contentType = type;
      } else {
        const fields = Object.entries(setPath(valid, body.k, body.v)).map(
          ([k, v]) => [k, typeof v === "string" ? v : (JSON.stringify(v) ?? "")] as const,
        );
        if (body.multipart) {
          const form = new FormData();
          for (const [k, v] of fields) form.append(k, v);
          call.body = form;
        } else {
          call.body = new URLSearchParams(fields.map(([k, v]) => [k, v])).toString();
          call.contentType = "application/x-www-form-urlencoded";
        }
      }
      return call;
    });
}

async function send(call: Call): Promise<Response> {
  const headers = new Headers();
  if (call.contentType) headers.set("content-type", call.contentType);
  return t.request(call.path, { method: call.route.method, headers, body: call.body, cookie: call.anonymous ? undefined : admin.cookie });
}

/** A request that changed something on purpose: 2xx, or a form's redirect back reporting success. */
function accepted(res: Response): boolean {
  if (res.status >= 200 && res.status < 300) return true;
  return res.status >= 300 && res.status < 400 && /sent=1|-subscribed|-already/.test(res.headers.get("location") ?? "");
}

describe("bad input on every API route", () => {
  beforeAll(async () => {
    t = await createTestApp();
    // No mail is sent here: the outbox stays as written, so any change to a table is the request's.
    await t.ctx.mail.stop();
    admin = await createSignedInUser(t, { role: "admin", companyName: "Fuzz Bakery" });
    const orgs = (await (await t.request("/api/accounting/orgs", { cookie: admin.cookie })).json()) as { organizations: { id: number }[] };
    orgId = orgs.organizations[0]!.id;
    const list = (await (await t.request(`/api/accounting/orgs/${orgId}/accounts`, { cookie: admin.cookie })).json()) as {
      accounts: { id: number }[];
    };
    accountIds = list.accounts.map((a) => a.id);
    const draft = (await (
      await t.request(`/api/accounting/orgs/${orgId}/entries`, { cookie: admin.cookie, json: entryBody() })
    ).json()) as {
      entry: { id: number };
    };
    draftId = draft.entry.id;
    const posted = (await (
      await t.request(`/api/accounting/orgs/${orgId}/entries`, { cookie: admin.cookie, json: entryBody() })
    ).json()) as {
      entry: { id: number };
    };
    postedId = posted.entry.id;
    expect(
      (await t.request(`/api/accounting/orgs/${orgId}/entries/${postedId}/post`, { method: "POST", cookie: admin.cookie })).status,
    ).toBe(200);
    const saved = await t.request("/api/calculators/submissions", {
      cookie: admin.cookie,
      json: { calculatorType: "roi", email: "cfo@example.com", inputs: roiInputs },
    });
    submissionId = ((await saved.json()) as { submission: { id: string } }).submission.id;
    const rows = await queryRows<{ table_name: string }>(
      t.ctx.db,
      sql`select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name <> 'rate_limits' order by 1`,
    );
    tables = rows.map((r) => r.table_name);
  });
  afterAll(() => t?.close());

  // The requests of the bug report, each answered 400 naming the field, and nothing written.
  const KNOWN: [string, string, () => Json | undefined, string][] = [
    [
      "POST",
      "/api/accounting/orgs/:org/accounts",
      () => ({ account_code: "9200", account_name: NUL, account_type: "Asset" }),
      "account_name",
    ],
    ["PATCH", "/api/accounting/orgs/:org/accounts/:account", () => ({ account_name: NUL, account_type: "Asset" }), "account_name"],
    ["POST", "/api/accounting/orgs/:org/entries", () => ({ ...entryBody(), description: NUL }), "description"],
    ["POST", "/api/accounting/orgs/:org/entries", () => ({ ...entryBody(), reference: NUL }), "reference"],
    ["POST", "/api/accounting/orgs/:org/entries", () => setPath(entryBody(), "lines.0.description", NUL), "lines.0.description"],
    ["POST", "/api/accounting/orgs/:org/entries", () => setPath(entryBody(), "lines.0.description", LONE), "lines.0.description"],
    ["POST", "/api/accounting/orgs/:org/entries", () => setPath(entryBody(), "lines.0.account_id", 2 ** 31), "lines.0.account_id"],
    ["PUT", "/api/accounting/orgs/:org/entries/:draft", () => setPath(entryBody(), "lines.1.description", NUL), "lines.1.description"],
    ["GET", "/api/accounting/orgs/:org/reports/trial_balance?start=0000-01-01&end=2026-12-31", () => undefined, "start"],
    ["GET", "/api/accounting/orgs/:org/reports/profit_loss?start=2026-01-01&end=0000-12-31", () => undefined, "end"],
    ["GET", "/api/accounting/orgs/:org/accounts/:account/ledger?start=0000-01-01&end=2026-12-31", () => undefined, "start"],
    [
      "POST",
      "/api/calculators/submissions",
      () => ({ calculatorType: "roi", email: "cfo@example.com", name: NUL, inputs: roiInputs }),
      "name",
    ],
    ["PUT", "/api/content/site-content/vision_title", () => ({ value: NUL }), "value"],
    ["PUT", "/api/content/site-content/vision_title", () => ({ value: "Vision", description: NUL }), "description"],
    [
      "POST",
      "/api/leads/contact",
      () => ({ firstName: NUL, lastName: "x", email: "a@example.com", message: "hi", formToken: formToken() }),
      "firstName",
    ],
    [
      "POST",
      "/api/leads/contact",
      () => ({ firstName: "x", lastName: "x", email: "a@example.com", message: "hi\u0000", formToken: formToken() }),
      "message",
    ],
    [
      "POST",
      "/api/leads/consultation",
      () => ({
        firstName: "x",
        lastName: "x",
        email: "a@example.com",
        companyName: NUL,
        servicesInterested: ["tax"],
        challenges: "c",
        formToken: formToken(),
      }),
      "companyName",
    ],
    [
      "POST",
      "/api/auth/sign-up/email",
      () => ({ email: "nul@example.com", password: "correct-horse-battery", name: NUL, firstName: "a", lastName: "b" }),
      "name",
    ],
    [
      "POST",
      "/api/auth/sign-up/email",
      () => ({ email: "nul@example.com", password: "correct-horse-battery", name: "n", firstName: NUL, lastName: "b" }),
      "firstName",
    ],
    ["POST", "/api/auth/sign-in/email", () => ({ email: `${NUL}@example.com`, password: "whatever-password" }), "email"],
    ["POST", "/api/auth/request-password-reset", () => ({ email: `${NUL}@example.com`, redirectTo: "/reset-password" }), "email"],
    ["POST", "/api/auth/reset-password", () => ({ token: NUL, newPassword: "correct-horse-battery" }), "token"],
    ["POST", "/api/auth/send-verification-email", () => ({ email: `${NUL}@example.com` }), "email"],
    ["POST", "/api/auth/update-user", () => ({ name: null }), "name"],
    ["POST", "/api/auth/update-user", () => ({ name: NUL }), "name"],
    ["POST", "/api/auth/update-user", () => ({ lastName: LONE }), "lastName"],
  ];
  it.each(KNOWN)("%s %s refuses bad input with 400 naming it (%#)", async (method, rawPath, body, field) => {
    const path = rawPath.replace(":org", String(orgId)).replace(":account", String(accountIds[3])).replace(":draft", String(draftId));
    const before = await snapshot();
    const json = body();
    const res = await t.request(path, { method, json, cookie: admin.cookie });
    const answer = (await res.json()) as { fields?: Record<string, unknown> };
    expect(res.status, JSON.stringify(answer)).toBe(400);
    expect(Object.keys(answer.fields ?? {})).toContain(field);
    expect(changed(before, await snapshot())).toEqual([]);
  });

  it("answers malformed and unexpected bodies on every route with 4xx, writing nothing", async () => {
    const before = await snapshot();
    const wrong: string[] = [];
    for (const route of ROUTES.filter((r) => r.body)) {
      const path = route.path.replace(":org", String(orgId)).replace(":id", encodeURIComponent(route.id?.() ?? ""));
      for (const raw of [...RAW_BODIES, "{}", '{"extra":1}']) {
        const res = await send({ route, path, body: raw, contentType: "application/json", anonymous: !!route.anonymous });
        await res.arrayBuffer();
        if (res.status < 400 || res.status >= 500) wrong.push(`${route.method} ${path} ${JSON.stringify(raw.slice(0, 40))}: ${res.status}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(changed(before, await snapshot())).toEqual([]);
  }, 120_000);

  it("never answers 5xx, and a refused request writes nothing", async () => {
    const runs = Number(process.env.FUZZ_RUNS ?? 500);
    let baseline = await snapshot();
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(fc.oneof(...ROUTES.map(callFor)), async (call) => {
        const started = performance.now();
        const res = await send(call);
        await res.arrayBuffer();
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        if (process.env.FUZZ_REPORT)
          (await import("node:fs")).appendFileSync(
            process.env.FUZZ_REPORT,
            `${res.status} ${Math.round(performance.now() - started)}ms ${call.route.method} ${call.route.path} ${call.contentType ?? "-"} ${JSON.stringify(call.path).slice(0, 100)} ${typeof call.body === "string" ? JSON.stringify(call.body).slice(0, 160) : call.body ? "form" : ""}\n`,
          );
        const after = await snapshot();
        const what = `${call.route.method} ${call.path} ${res.status}`;
        expect(res.status, what).toBeLessThan(500);
        if (!accepted(res)) expect(changed(baseline, after), `${what} wrote to`).toEqual([]);
        baseline = after;
      }),
      { numRuns: runs, seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined, endOnFailure: true },
    );
    // Most requests must reach validation (4xx), not all bounce off a missing session or a 404.
    const refused = [...statuses].filter(([s]) => s >= 400).reduce((n, [, c]) => n + c, 0);
    expect(refused).toBeGreaterThan(runs / 2);
  }, 300_000);
});
