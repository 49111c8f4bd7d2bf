import { Hono, type Context } from "hono";
import { bodyLimit } from "~/server/body-limit.ts";
import type { z } from "zod";
import type { AppContext, AppEnv } from "~/server/context.ts";
import { unexpectedErrorResponse } from "~/server/errors.ts";
import { AccountingError } from "./accounting-errors.server.ts";
import {
  accountCreateSchema,
  accountDeleteQuerySchema,
  accountListQuerySchema,
  accountUpdateSchema,
  entryInputSchema,
  entryListQuerySchema,
  idParamSchema,
  reportQuerySchema,
  reportTypeSchema,
  reverseSchema,
  validationError,
} from "./accounting.schema.ts";
import {
  accountLedger,
  accountUsage,
  createAccount,
  deactivateAccount,
  listAccounts,
  reactivateAccount,
  updateAccount,
} from "./accounts.server.ts";
import { entryPdf } from "./entry-pdf.server.ts";
import { createEntry, getEntry, listEntries, postEntry, reverseEntry, updateEntry, type EntrySummary } from "./journal-entries.server.ts";
import {
  cleanupIdempotencyKeys,
  IDEMPOTENCY_HEADER,
  isKeyTaken,
  parseIdempotencyKey,
  requestHash,
  storedAnswer,
  type Idempotency,
} from "./idempotency.server.ts";
import { assertCanWrite, ensureMembership, type Membership } from "./organizations.server.ts";
import { generateReport } from "./reports.server.ts";

type AccountingEnv = { Variables: AppEnv["Variables"] & { membership: Membership } };
type C = Context<AccountingEnv>;

/** 1 MB: room for an entry of the largest allowed size, so that too many lines is answered 400 by the schema. */
const BODY_LIMIT = 1024 * 1024;

async function body<T extends z.ZodType>(c: C, schema: T): Promise<z.infer<T>> {
  let raw: unknown;
  try {
    raw = JSON.parse(await c.req.text());
  } catch {
    throw new AccountingError(400, "Malformed JSON body", { body: ["Malformed JSON body"] });
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const v = validationError(parsed.error);
    throw new AccountingError(400, v.error, v.fields);
  }
  return parsed.data;
}

/**
 * A JSON answer with its Content-Length. The app compresses bodies of 1 KB and more; knowing the length
 * lets it skip the small answers (an entry, a post), which would otherwise each go through a gzip stream.
 */
function json(c: C, data: unknown, status: 200 | 201 = 200): Response {
  const text = JSON.stringify(data);
  return c.body(text, status, { "Content-Type": "application/json", "Content-Length": String(Buffer.byteLength(text)) });
}

function query<T extends z.ZodType>(c: C, schema: T): z.infer<T> {
  const parsed = schema.safeParse(c.req.query());
  if (!parsed.success) {
    const v = validationError(parsed.error);
    throw new AccountingError(400, v.error, v.fields);
  }
  return parsed.data;
}

function id(c: C, name = "id"): number {
  const parsed = idParamSchema.safeParse(c.req.param(name));
  if (!parsed.success) throw new AccountingError(404, "Not found");
  return parsed.data;
}

/** The accounting API: every route scoped to the caller's organization; viewers read only. */
export function accountingRoutes(ctx: AppContext) {
  const r = new Hono<AccountingEnv>();
  const { db } = ctx;

  r.onError((err, c) => {
    if (err instanceof AccountingError) {
      return c.json({ error: err.message, ...(err.fields ? { fields: err.fields } : {}) }, err.status);
    }
    return unexpectedErrorResponse(c, err, ctx.logger);
  });

  r.use(
    bodyLimit({
      maxSize: BODY_LIMIT,
      onError: (c) => c.json({ error: "Request body is larger than 1 MB" }, 413),
    }),
  );
  r.use(async (c, next) => {
    const user = c.get("user");
    if (!user) return c.json({ error: "Not authenticated" }, 401);
    // The session reader usually brought the organization along; otherwise look it up (or create it).
    const known = c.get("organization");
    c.set("membership", known ? { userId: user.id, ...known } : await ensureMembership(db, user));
    c.header("Cache-Control", "private, no-store");
    await next();
  });
  const writer = async (c: C, next: () => Promise<void>) => {
    assertCanWrite(c.get("membership"));
    await next();
  };

  /**
   * A journal-entry write that honours the Idempotency-Key header (decision 053). The write stores its answer
   * under the key in its own transaction. When it fails because the key is already stored, or because the
   * entry's state no longer allows it (409: the first request got there), and an answer is stored under the
   * key, that answer is returned: same status, same body.
   */
  async function idempotent(c: C, status: 200 | 201, write: (idem: Idempotency | null) => Promise<EntrySummary>): Promise<Response> {
    const key = parseIdempotencyKey(c.req.header(IDEMPOTENCY_HEADER));
    if (!key) return json(c, { entry: await write(null) }, status);
    const m = c.get("membership");
    const idem = { key, requestHash: requestHash(c.req.method, c.req.path, await c.req.text()) };
    cleanupIdempotencyKeys(db, (err) => ctx.logger.warn({ err }, "idempotency key cleanup failed"));
    try {
      return json(c, { entry: await write(idem) }, status);
    } catch (err) {
      if (!isKeyTaken(err) && !(err instanceof AccountingError && err.status === 409)) throw err;
      const stored = await storedAnswer(db, m, idem);
      if (!stored) throw err;
      return c.body(stored.body, stored.status as 200 | 201, {
        "Content-Type": "application/json",
        "Content-Length": String(Buffer.byteLength(stored.body)),
      });
    }
  }

  r.get("/me", (c) => {
    const m = c.get("membership");
    return json(c, { organization: { id: m.organizationId, name: m.organizationName }, role: m.role });
  });

  r.get("/accounts", async (c) => {
    const q = query(c, accountListQuerySchema);
    return json(c, { accounts: await listAccounts(db, c.get("membership"), q.include_inactive === "true") });
  });
  r.post("/accounts", writer, async (c) => {
    const input = await body(c, accountCreateSchema);
    return json(c, { account: await createAccount(db, c.get("membership"), input) }, 201);
  });
  r.patch("/accounts/:id", writer, async (c) => {
    const accountId = id(c);
    const input = await body(c, accountUpdateSchema);
    return json(c, { account: await updateAccount(db, c.get("membership"), accountId, input) });
  });
  r.get("/accounts/:id/usage", async (c) => json(c, await accountUsage(db, c.get("membership"), id(c))));
  r.delete("/accounts/:id", writer, async (c) => {
    const accountId = id(c);
    const q = query(c, accountDeleteQuerySchema);
    await deactivateAccount(db, c.get("membership"), accountId, q.confirm === "true");
    return json(c, { ok: true });
  });
  r.post("/accounts/:id/reactivate", writer, async (c) => json(c, { account: await reactivateAccount(db, c.get("membership"), id(c)) }));
  r.get("/accounts/:id/ledger", async (c) => {
    const accountId = id(c);
    const q = query(c, reportQuerySchema);
    return json(c, await accountLedger(db, c.get("membership"), accountId, q.start, q.end));
  });

  r.get("/entries", async (c) => {
    const offset = Math.max(0, Math.min(1_000_000_000, Number.parseInt(c.req.query("offset") ?? "0", 10) || 0));
    const q = query(c, entryListQuerySchema);
    return json(c, await listEntries(db, c.get("membership"), offset, undefined, q.status ?? null));
  });
  r.post("/entries", writer, async (c) => {
    const input = await body(c, entryInputSchema);
    return idempotent(c, 201, (idem) => createEntry(db, c.get("membership"), input, idem));
  });
  r.get("/entries/:id", async (c) => json(c, { entry: await getEntry(db, c.get("membership"), id(c)) }));
  r.put("/entries/:id", writer, async (c) => {
    const entryId = id(c);
    const input = await body(c, entryInputSchema);
    return idempotent(c, 200, (idem) => updateEntry(db, c.get("membership"), entryId, input, idem));
  });
  r.post("/entries/:id/post", writer, async (c) => {
    const entryId = id(c);
    return idempotent(c, 200, (idem) => postEntry(db, c.get("membership"), entryId, idem));
  });
  r.post("/entries/:id/reverse", writer, async (c) => {
    const entryId = id(c);
    const input = await body(c, reverseSchema);
    return idempotent(c, 201, (idem) => reverseEntry(db, c.get("membership"), entryId, input.entry_date, idem));
  });
  r.get("/entries/:id/pdf", async (c) => {
    const m = c.get("membership");
    const entry = await getEntry(db, m, id(c));
    const pdf = await entryPdf(entry, m.organizationName);
    return c.body(new Uint8Array(pdf), 200, {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${entry.entry_number}.pdf"`,
    });
  });

  r.get("/reports/:type", async (c) => {
    const type = reportTypeSchema.safeParse(c.req.param("type"));
    if (!type.success) throw new AccountingError(404, "Unknown report type");
    const q = query(c, reportQuerySchema);
    return json(c, { report: await generateReport(db, c.get("membership"), type.data, q.start, q.end) });
  });

  return r;
}
