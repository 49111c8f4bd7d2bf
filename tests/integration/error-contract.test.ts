import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from "../support/test-app.ts";

/**
 * Every /api route answers a refusal in one shape, `{ error, code, fields? }`: malformed JSON, a value of the wrong
 * type, an id that names nothing, and a request without a session. (The auth library's endpoints add its own
 * `message`, the same text as `error`.)
 * The accounting routes, whose paths name an organization, are probed the same way in organizations.test.ts.
 */

let t: TestApp;
let user: TestUser;
let admin: TestUser;

const UNKNOWN_UUID = "00000000-0000-4000-8000-000000000000";

interface Probe {
  method: "GET" | "POST" | "PUT" | "DELETE";
  path: string;
  /** Signed out, this route answers 401. */
  signedIn: boolean;
  /** A body whose fields have the wrong type (routes that read a body). */
  wrongType?: Record<string, unknown>;
  /** The route reads no body. */
  noBody?: boolean;
  /** Who calls it (admins for the staff routes). */
  as?: () => TestUser;
}

const PROBES: Probe[] = [
  { method: "GET", path: "/api/account", signedIn: true },
  { method: "POST", path: "/api/account/profile", signedIn: true, wrongType: { firstName: 1, lastName: [], companyName: {} } },
  { method: "GET", path: "/api/account/sessions", signedIn: true },
  { method: "POST", path: "/api/account/sessions/revoke", signedIn: true, wrongType: { sessionId: 42 } },
  { method: "POST", path: "/api/account/sessions/revoke-others", signedIn: true, noBody: true },
  {
    method: "POST",
    path: "/api/calculators/submissions",
    signedIn: true,
    wrongType: { calculatorType: "roi", email: 7, inputs: "many" },
  },
  { method: "GET", path: "/api/calculators/submissions", signedIn: true },
  { method: "GET", path: `/api/calculators/submissions/${UNKNOWN_UUID}`, signedIn: true },
  { method: "POST", path: "/api/content/newsletter", signedIn: false, wrongType: { email: ["a@example.com"], source: 3 } },
  { method: "GET", path: "/api/content/site-content", signedIn: false },
  { method: "POST", path: "/api/leads/contact", signedIn: false, wrongType: { firstName: 42, email: true, message: {} } },
  { method: "POST", path: "/api/leads/consultation", signedIn: false, wrongType: { servicesInterested: "tax", companyName: 1 } },
  { method: "POST", path: "/api/auth/sign-in/email", signedIn: false, wrongType: { email: 5, password: [] } },
  { method: "POST", path: "/api/auth/sign-up/email", signedIn: false, wrongType: { email: 5, password: 1, name: {} } },
  { method: "POST", path: "/api/auth/request-password-reset", signedIn: false, wrongType: { email: 5 } },
];

/** The one error shape: a message, a code, and per-field messages keyed by path when fields are at fault. */
function expectContract(body: unknown, status: number, code?: string | RegExp) {
  const where = `${status} ${JSON.stringify(body)}`;
  expect(body, where).toBeTypeOf("object");
  const { error, code: actual, fields, ...rest } = body as Record<string, unknown>;
  expect(error, where).toBeTypeOf("string");
  expect((error as string).length, where).toBeGreaterThan(0);
  expect(actual, where).toMatch(/^[A-Z][A-Z_]*$/);
  if (code) expect(actual, where).toMatch(code);
  if (fields !== undefined) {
    expect(fields, where).toBeTypeOf("object");
    for (const value of Object.values(fields as object)) expect(value, where).toBeTypeOf("string");
  }
  // Only the auth library's endpoints carry anything else: its own `message`, the same text.
  for (const key of Object.keys(rest)) expect(key, where).toBe("message");
}

describe("one error contract on every /api route", () => {
  beforeAll(async () => {
    t = await createTestApp();
    await t.ctx.mail.stop();
    user = await createSignedInUser(t, { role: "client" });
    admin = await createSignedInUser(t, { role: "admin" });
  });
  afterAll(() => t?.close());

  const withBody = PROBES.filter((p) => p.method !== "GET" && p.method !== "DELETE" && !p.noBody);

  it.each(withBody)("$method $path: malformed JSON → 400 INVALID_JSON", async (probe) => {
    const res = await t.request(probe.path, {
      method: probe.method,
      headers: { "content-type": "application/json" },
      body: '{"email": ',
      cookie: (probe.as?.() ?? user).cookie,
    });
    expect(res.status).toBe(400);
    expectContract(await res.json(), res.status, /^(INVALID_JSON|INVALID_INPUT|VALIDATION_ERROR|BAD_REQUEST)$/);
  });

  it.each(withBody.filter((p) => p.wrongType))("$method $path: a wrong type → 400 naming the field", async (probe) => {
    const res = await t.request(probe.path, { method: probe.method, json: probe.wrongType, cookie: (probe.as?.() ?? user).cookie });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { fields?: Record<string, string> };
    expectContract(body, res.status);
    if (!probe.path.startsWith("/api/auth/")) expect(Object.keys(body.fields ?? {}).length).toBeGreaterThan(0);
  });

  it.each(PROBES.filter((p) => p.signedIn))("$method $path: no session → 401 NOT_AUTHENTICATED", async (probe) => {
    const res = await t.request(probe.path, {
      method: probe.method,
      json: probe.method === "GET" || probe.method === "DELETE" ? undefined : {},
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: "Not authenticated", code: "NOT_AUTHENTICATED" });
  });

  it("an id that names nothing → 404 NOT_FOUND, in the same shape", async () => {
    const answers = [
      await t.request(`/api/calculators/submissions/${UNKNOWN_UUID}`, { cookie: user.cookie }),
      await t.request("/api/calculators/submissions/not-an-id", { cookie: user.cookie }),
      await t.request("/api/firm/site-content/vision_title", { method: "DELETE", cookie: admin.cookie }),
      await t.request("/api/account/sessions/revoke", { json: { sessionId: "no-such-session" }, cookie: user.cookie }),
      await t.request("/api/no-such-route", { cookie: user.cookie }),
    ];
    for (const res of answers) {
      expect(res.status).toBe(404);
      expectContract(await res.json(), res.status, "NOT_FOUND");
    }
  });

  it("a signed-in user without the permission → 403 FORBIDDEN, in the same shape", async () => {
    // A staff member may see the firm's clients but not give their books to an accountant.
    const staff = await createSignedInUser(t, { role: "staff" });
    const res = await t.request("/api/firm/clients/1/accountants", { json: { user_id: staff.id }, cookie: staff.cookie });
    expect(res.status).toBe(403);
    expectContract(await res.json(), res.status, "FORBIDDEN");
  });
});

/** Routes that answer a visitor without a session (the rest answer 401, or 404 where their existence is hidden). */
const PUBLIC_ROUTES = new Set([
  "GET /api/health",
  "GET /api/session",
  "GET /api/content/site-content",
  "POST /api/content/newsletter",
  "POST /api/leads/contact",
  "POST /api/leads/consultation",
  "GET /api/accounting/invitations/:token",
  "GET /api/account/reauthenticate/google/done",
  // A proposal's link: its holder accepts or declines without an account (a bad body is a 400 before the token is read).
  "POST /api/proposal-links/:token/accept",
  "POST /api/proposal-links/:token/decline",
  "POST /api/proposal-links/:token/payment-method",
  // The payment processor's events: the signature is the credential (decision 119).
  "POST /api/payments/webhook",
]);

/** POST routes that read no body: a malformed one changes nothing for them. */
const READS_NO_BODY = new Set(["POST /api/account/sessions/revoke-others"]);

/** Every concrete /api route the app registers (the auth library's own endpoints are probed above). */
function registeredRoutes(app: TestApp["app"]): { method: string; path: string; key: string }[] {
  const seen = new Map<string, { method: string; path: string; key: string }>();
  for (const r of app.routes) {
    if (!r.path.startsWith("/api/") || r.path.includes("*") || r.method === "ALL") continue;
    const key = `${r.method} ${r.path}`;
    // Every parameter names nothing: a number no row has (ids, keys and tokens alike).
    seen.set(key, { method: r.method, path: r.path.replace(/:[A-Za-z]+/g, "987654321"), key });
  }
  return [...seen.values()];
}

describe("one error contract and a server-side check on every registered /api route", () => {
  let routes: ReturnType<typeof registeredRoutes>;

  beforeAll(async () => {
    t = await createTestApp();
    await t.ctx.mail.stop();
    admin = await createSignedInUser(t, { role: "admin" });
    routes = registeredRoutes(t.app);
  });
  afterAll(() => t?.close());

  it("finds the routes (the list is not empty and holds every kind)", () => {
    expect(routes.length).toBeGreaterThan(60);
    for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"])
      expect(
        routes.some((r) => r.method === method),
        method,
      ).toBe(true);
    for (const key of PUBLIC_ROUTES)
      expect(
        routes.some((r) => r.key === key),
        key,
      ).toBe(true);
  });

  it("without a session: 401 NOT_AUTHENTICATED or a hidden 404 in the one shape, except the public routes", async () => {
    const wrong: string[] = [];
    for (const r of routes) {
      const withBody = r.method !== "GET" && r.method !== "DELETE";
      const res = await t.request(r.path, { method: r.method, json: withBody ? {} : undefined });
      if (res.status >= 500) wrong.push(`${r.key}: ${res.status}`);
      if (res.status >= 400) expectContract(await res.json(), res.status);
      if (PUBLIC_ROUTES.has(r.key)) continue;
      if (res.status !== 401 && res.status !== 404) wrong.push(`${r.key}: ${res.status} without a session`);
    }
    expect(wrong).toEqual([]);
  });

  it("malformed JSON and ids that name nothing: a 4xx in the one shape, never a 5xx", async () => {
    const wrong: string[] = [];
    for (const r of routes) {
      const withBody = r.method !== "GET" && r.method !== "DELETE";
      const probes: (RequestInit & { json?: unknown })[] = withBody
        ? [{ headers: { "content-type": "application/json" }, body: '{"value": ' }]
        : [];
      // Only routes whose path names something: the unknown id keeps the request away from real rows.
      if (r.path.includes("987654321")) probes.push({ json: withBody ? {} : undefined });
      for (const init of probes) {
        const res = await t.request(r.path, { ...init, method: r.method, cookie: admin.cookie });
        const refused = res.status >= 400 || init.body === undefined || READS_NO_BODY.has(r.key);
        if (res.status >= 500 || !refused) wrong.push(`${r.key}: ${res.status}`);
        if (res.status >= 400) expectContract(await res.json(), res.status);
      }
    }
    expect(wrong).toEqual([]);
  });
});
