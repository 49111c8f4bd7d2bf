import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { sql } from "drizzle-orm";
import { queryRows } from "~/server/db/client.ts";
import { issueFormToken } from "~/features/leads/form-token.server.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";
import { apiRoutes } from "../support/route-table.ts";
import {
  apiRequests,
  authRequests,
  createFixtures,
  entryBody as validEntryBody,
  roiInputs,
  type Fixtures,
  type Json,
  type ValidRequest as Route,
} from "../support/api-requests.ts";

/**
 * Bad input on every API route answers 4xx, never 5xx, and a refused request leaves every table as it was.
 * The routes are the app's own route table (tests/support/route-table.ts), each with a valid request described in
 * tests/support/api-requests.ts (a route without one fails the first test), and the auth endpoints the pages call.
 */

const NUL = "a\u0000b";
const LONE = "line \ud800 one";

let t: TestApp;
let f: Fixtures;
let ROUTES: Route[] = [];

const formToken = () => issueFormToken(t.config.appSecret, Date.now() - 10_000);
const entryBody = () => validEntryBody(f);

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
  "page=-5",
  "page=1e400",
  "q=%00",
  "account=abc&from=2026-13-01",
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

/** The route's path with its valid params, `broken` (already URL-encoded) in place of the named one. */
function pathOf(route: Route, broken?: { name: string; raw: string }): string {
  return route.path.replace(/:(\w+)/g, (_, name: string) =>
    broken?.name === name ? broken.raw : encodeURIComponent(route.params?.[name]?.() ?? ""),
  );
}

function callFor(route: Route): fc.Arbitrary<Call> {
  const names = Object.keys(route.params ?? {});
  const idArb = names.length
    ? fc.oneof(
        { weight: 3, arbitrary: fc.constant(null) },
        {
          weight: 3,
          arbitrary: fc
            .tuple(
              fc.constantFrom(...names),
              fc.oneof(
                { weight: 2, arbitrary: fc.constantFrom(...RAW_IDS) },
                {
                  weight: 1,
                  arbitrary: fc.oneof(
                    badString.map((s) => encodeURIComponent(s.replace(LONE_SURROGATES, "\ufffd"))),
                    fc.integer().map(String),
                  ),
                },
              ),
            )
            .map(([name, raw]) => ({ name, raw })),
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
      let path = pathOf(route, id ?? undefined);
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
      if (route.file) {
        // A file upload: the valid file with a bad value in a cell, or bytes that are no CSV at all.
        call.body = body.kind === "raw" ? body.raw : route.file().replace("Float", String(body.kind === "form" ? body.v : "x\u0000"));
        call.contentType = "text/csv";
        return call;
      }
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
  const cookie = call.anonymous ? undefined : (call.route.as?.() ?? f.admin).cookie;
  return t.request(call.path, { method: call.route.method, headers, body: call.body, cookie });
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
    f = await createFixtures(t);
    ROUTES = [...apiRequests(t, f), ...authRequests(f)];
    const rows = await queryRows<{ table_name: string }>(
      t.ctx.db,
      sql`select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name <> 'rate_limits' order by 1`,
    );
    tables = rows.map((r) => r.table_name);
  }, 180_000);
  afterAll(() => t?.close());

  it("has a valid request for every route of the app's route table, and none for a route it does not have", () => {
    const table = apiRoutes(t.app).map((r) => `${r.method} ${r.path}`);
    const described = apiRequests(t, f).map((r) => `${r.method} ${r.path}`);
    expect(
      table.filter((r) => !described.includes(r)),
      "routes without a valid request in tests/support/api-requests.ts",
    ).toEqual([]);
    expect(
      described.filter((r) => !table.includes(r)),
      "requests for routes the app does not have",
    ).toEqual([]);
    expect(table.length).toBeGreaterThan(60);
  });

  it("answers a NUL, a control character or a lone surrogate in any field, query value or path param with 4xx, writing nothing", async () => {
    const wrong: string[] = [];
    const bad = [NUL, LONE, "a\u0001b"];
    let baseline = await snapshot();
    const attempt = async (route: Route, path: string, body?: Json) => {
      const cookie = route.anonymous ? undefined : (route.as?.() ?? f.admin).cookie;
      const res = await t.request(path, { method: route.method, cookie, ...(body ? { json: body } : {}) });
      await res.arrayBuffer();
      const after = await snapshot();
      if (res.status >= 500) wrong.push(`${route.method} ${path} ${JSON.stringify(body ?? "")}: ${res.status}`);
      else if (!accepted(res) && changed(baseline, after).length)
        wrong.push(`${route.method} ${path} ${res.status} wrote to ${changed(baseline, after).join(", ")}`);
      baseline = after;
    };
    for (const route of ROUTES) {
      const query = route.query ? `?${new URLSearchParams(route.query()).toString()}` : "";
      const valid = route.body?.();
      for (const name of Object.keys(route.params ?? {}))
        for (const raw of ["%00", "a%00b", "%ED%A0%80", "%01"]) await attempt(route, pathOf(route, { name, raw }) + query, valid);
      for (const key of Object.keys(route.query?.() ?? {}))
        for (const v of bad) {
          const params = new URLSearchParams({ ...route.query!(), [key]: v.replace(LONE_SURROGATES, "\ufffd") });
          await attempt(route, `${pathOf(route)}?${params.toString()}`, valid);
        }
      if (route.file) {
        for (const v of bad) {
          const res = await t.request(pathOf(route) + query, {
            method: route.method,
            cookie: f.admin.cookie,
            headers: { "content-type": "text/csv" },
            body: route.file().replace("Float", v),
          });
          await res.arrayBuffer();
          if (res.status >= 500) wrong.push(`${route.method} ${route.path} file with ${JSON.stringify(v)}: ${res.status}`);
          baseline = await snapshot();
        }
        continue;
      }
      if (!valid) continue;
      const strings = [...Object.keys(valid), ...(route.deep ?? [])].filter((p) => {
        const v = p.split(".").reduce<unknown>((at, k) => (at as Record<string, unknown> | undefined)?.[k], valid);
        return typeof v === "string" || v === null || Array.isArray(v);
      });
      for (const key of strings) for (const v of bad) await attempt(route, pathOf(route) + query, setPath(route.body!(), key, v));
    }
    expect(wrong).toEqual([]);
  }, 300_000);

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
    ["GET", "/api/accounting/orgs/:org/reports/general_ledger?account=:account&start=0000-01-01&end=2026-12-31", () => undefined, "start"],
    ["GET", "/api/firm/leads?view=inbox&from=0000-01-01", () => undefined, "from"],
    ["GET", "/api/firm/audit-log?to=0000-12-31", () => undefined, "to"],
    [
      "POST",
      "/api/calculators/submissions",
      () => ({ calculatorType: "roi", email: "cfo@example.com", name: NUL, inputs: roiInputs }),
      "name",
    ],
    ["PUT", "/api/firm/site-content/vision_title", () => ({ value: NUL }), "value"],
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
    ["POST", "/api/firm/leads/:lead/notes", () => ({ body: NUL }), "body"],
    ["POST", "/api/firm/leads/:lead/notes", () => ({ body: "bell \u0007 ringing" }), "body"],
    ["POST", "/api/firm/leads/:lead/notes", () => ({ body: "escape \u001b[31m red" }), "body"],
    ["POST", "/api/firm/leads/:lead/notes", () => ({ body: LONE }), "body"],
    ["POST", "/api/firm/clients/:org/accountants", () => ({ user_id: NUL }), "user_id"],
    ["POST", "/api/accounting/orgs/:org/transfer-ownership", () => ({ user_id: NUL }), "user_id"],
    ["POST", "/api/account/sessions/revoke", () => ({ sessionId: NUL }), "sessionId"],
    ["POST", "/api/account/sessions/revoke", () => ({ sessionId: LONE }), "sessionId"],
  ];
  it.each(KNOWN)("%s %s refuses bad input with 400 naming it (%#)", async (method, rawPath, body, field) => {
    const path = rawPath
      .replace(":org", String(f.orgId))
      .replace(":account", String(f.accountIds[3]))
      .replace(":draft", String(f.draftId))
      .replace(":lead", f.leadId);
    const before = await snapshot();
    const json = body();
    const res = await t.request(path, { method, json, cookie: f.admin.cookie });
    const answer = (await res.json()) as { fields?: Record<string, unknown> };
    expect(res.status, JSON.stringify(answer)).toBe(400);
    expect(Object.keys(answer.fields ?? {})).toContain(field);
    expect(changed(before, await snapshot())).toEqual([]);
  });

  it("answers malformed and unexpected bodies on every route with 4xx, writing nothing", async () => {
    const before = await snapshot();
    const wrong: string[] = [];
    for (const route of ROUTES.filter((r) => r.body && !r.file)) {
      const path = pathOf(route);
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
