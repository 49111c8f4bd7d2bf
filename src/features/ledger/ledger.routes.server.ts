import { readOpeningBalances, saveOpeningBalances } from "./opening-balances.server.ts";
import { Hono, type Context } from "hono";
import { z } from "zod";
import type { AppContext } from "~/server/context.ts";
import { auditActor } from "~/server/audit.server.ts";
import { clientIp } from "~/server/client-ip.ts";
import { AppError } from "~/server/http/app-error.ts";
import { requireBooks, type BooksMemberEnv } from "~/features/tenancy/index.server.ts";
import { FIRST_FIELD, json, parseJson, parseParams, parseQuery } from "~/server/http/parse.ts";
import { idParam } from "~/lib/schema-fields.ts";
import {
  accountCreateSchema,
  accountDeleteQuerySchema,
  accountListQuerySchema,
  accountUpdateSchema,
  entryInputSchema,
  entrySaveQuerySchema,
  journalQuerySchema,
  postDraftsSchema,
  reverseSchema,
  openingBalancesSchema,
  recurringEntrySchema,
} from "./ledger.schema.ts";
import {
  changeRecurringStatus,
  createRecurringEntry,
  deleteRecurringEntry,
  getRecurringEntry,
  listRecurringEntries,
  updateRecurringEntry,
} from "./recurring-templates.server.ts";
import { accountUsage, createAccount, deactivateAccount, listAccounts, reactivateAccount, updateAccount } from "./accounts.server.ts";
import { entryPdf } from "./entry-pdf.server.ts";
import {
  createEntry,
  createPostedEntry,
  deleteDraft,
  getEntry,
  listEntries,
  postEntry,
  reverseEntry,
  updateEntry,
  type EntrySummary,
} from "./journal-entries.server.ts";
import {
  cleanupIdempotencyKeys,
  handlesIdempotencyKey,
  IDEMPOTENCY_HEADER,
  parseIdempotencyKey,
  replay,
  requestHash,
  storedAnswer,
} from "~/server/idempotency.server.ts";
import { isKeyTaken, journalCaller, type Idempotency } from "./entry-idempotency.server.ts";
import { postDrafts } from "./journal-entries-bulk.server.ts";
import { lockRoutes } from "./books-lock.routes.server.ts";
import { fiscalYearRoutes } from "./fiscal-year.routes.server.ts";
import { booksCurrencyRoutes } from "./books-currency.routes.server.ts";
import { yearEndRoutes } from "./year-end-close.routes.server.ts";
import type { PostDraftsResult } from "./ledger.types.ts";
import type {
  AccountSaved,
  AccountUsage,
  BooksDone,
  DraftDeleted,
  EntryAnswer,
  EntryWritten,
  OpeningBalancesSaved,
  RecurringAnswer,
} from "./ledger-answers.types.ts";

type C = Context<BooksMemberEnv>;

const idParams = z.object({ id: idParam() });

const id = (c: C) => parseParams(c, idParams).id;

/**
 * The ledger's API under `/api/accounting/orgs/:orgId/` (the composition puts the books member guard in front): the
 * chart, the journal, opening balances, recurring entries, the lock, the fiscal year, the currency and the year-end
 * close. Each route that changes the books names its permission (`requireBooks`, books-permissions.ts).
 */
export function ledgerRoutes(ctx: AppContext) {
  const r = new Hono<BooksMemberEnv>();
  const { db } = ctx;

  const body = <S extends z.ZodType>(c: C, schema: S) => parseJson(c, schema, FIRST_FIELD);
  const actor = (c: C) => auditActor(c.get("user"), clientIp(c, ctx.config.trustedProxyHeader));
  const query = <S extends z.ZodType>(c: C, schema: S) => parseQuery(c, schema, FIRST_FIELD);

  /**
   * A journal-entry write that honours the Idempotency-Key header itself (decisions 053 and 080): the write keeps
   * its answer under the key in its own transaction. When it fails because the key is already taken, or because the
   * entry's state no longer allows it (409: the first request got there), and an answer is kept under the key, that
   * answer is replayed. The app's idempotency middleware leaves these routes to it (`handlesIdempotencyKey`).
   */
  async function idempotent(c: C, status: 200 | 201, write: (idem: Idempotency | null) => Promise<EntrySummary>): Promise<Response> {
    const key = parseIdempotencyKey(c.req.header(IDEMPOTENCY_HEADER));
    if (!key) return json(c, { entry: await write(null) } satisfies EntryWritten, status);
    const m = c.get("membership");
    const idem = { key, requestHash: await requestHash(c), route: `${c.req.method} ${c.req.path}` };
    cleanupIdempotencyKeys(db, (err) => ctx.logger.warn({ err }, "idempotency key cleanup failed"));
    try {
      return json(c, { entry: await write(idem) } satisfies EntryWritten, status);
    } catch (err) {
      if (!isKeyTaken(err) && !(err instanceof AppError && err.status === 409)) throw err;
      const stored = await storedAnswer(db, journalCaller(m), key, idem.requestHash);
      if (!stored) throw err;
      // As the first answer was written: the database's JSON text has spaces of its own.
      return replay({ ...stored, body: stored.body && JSON.stringify(JSON.parse(stored.body)) });
    }
  }

  r.get("/me", (c) => {
    const m = c.get("membership");
    return json(c, { organization: { id: m.organizationId, name: m.organizationName, currency: m.currency }, role: m.role });
  });

  r.get("/accounts", async (c) => {
    const q = query(c, accountListQuerySchema);
    return json(c, { accounts: await listAccounts(db, c.get("membership"), q.include_inactive === "true") });
  });
  r.post("/accounts", requireBooks("books.write"), async (c) => {
    const input = await body(c, accountCreateSchema);
    return json(c, { account: await createAccount(db, c.get("membership"), input) } satisfies AccountSaved, 201);
  });
  r.patch("/accounts/:id", requireBooks("books.write"), async (c) => {
    const accountId = id(c);
    const input = await body(c, accountUpdateSchema);
    return json(c, { account: await updateAccount(db, c.get("membership"), accountId, input) } satisfies AccountSaved);
  });
  r.get("/accounts/:id/usage", async (c) => json(c, (await accountUsage(db, c.get("membership"), id(c))) satisfies AccountUsage));
  r.delete("/accounts/:id", requireBooks("books.accounts.delete"), async (c) => {
    const accountId = id(c);
    const q = query(c, accountDeleteQuerySchema);
    await deactivateAccount(db, c.get("membership"), accountId, q.confirm === "true");
    return json(c, { ok: true } satisfies BooksDone);
  });
  r.post("/accounts/:id/reactivate", requireBooks("books.write"), async (c) =>
    json(c, { account: await reactivateAccount(db, c.get("membership"), id(c)) } satisfies AccountSaved),
  );

  r.get("/entries", async (c) => {
    return json(c, await listEntries(db, c.get("membership"), query(c, journalQuerySchema)));
  });
  r.post(
    "/entries",
    requireBooks("books.write"),
    handlesIdempotencyKey(async (c: C) => {
      // ?post=true: "Save and post", the entry created and posted in one transaction.
      const { post } = query(c, entrySaveQuerySchema);
      const input = await body(c, entryInputSchema);
      const create = post === "true" ? createPostedEntry : createEntry;
      return idempotent(c, 201, (idem) => create(db, c.get("membership"), input, idem));
    }),
  );
  r.get("/entries/:id", async (c) => json(c, { entry: await getEntry(db, c.get("membership"), id(c)) } satisfies EntryAnswer));
  r.delete("/entries/:id", requireBooks("books.write"), async (c) =>
    json(c, (await deleteDraft(db, c.get("membership"), id(c), actor(c))) satisfies DraftDeleted),
  );
  r.post("/entries/post-drafts", requireBooks("books.write"), async (c) => {
    const { ids } = await body(c, postDraftsSchema);
    return json(c, (await postDrafts(db, c.get("membership"), ids)) satisfies PostDraftsResult);
  });
  r.put(
    "/entries/:id",
    requireBooks("books.write"),
    handlesIdempotencyKey(async (c: C) => {
      const entryId = id(c);
      const { post } = query(c, entrySaveQuerySchema);
      const input = await body(c, entryInputSchema);
      return idempotent(c, 200, (idem) => updateEntry(db, c.get("membership"), entryId, input, idem, post === "true"));
    }),
  );
  r.post(
    "/entries/:id/post",
    requireBooks("books.write"),
    handlesIdempotencyKey(async (c: C) => {
      const entryId = id(c);
      return idempotent(c, 200, (idem) => postEntry(db, c.get("membership"), entryId, idem));
    }),
  );
  r.post(
    "/entries/:id/reverse",
    requireBooks("books.write"),
    handlesIdempotencyKey(async (c: C) => {
      const entryId = id(c);
      const input = await body(c, reverseSchema);
      return idempotent(c, 201, (idem) => reverseEntry(db, c.get("membership"), entryId, input.entry_date, idem));
    }),
  );
  r.get("/entries/:id/pdf", async (c) => {
    const m = c.get("membership");
    const entry = await getEntry(db, m, id(c));
    return c.body(entryPdf(entry, m.organizationName, m.currency), 200, {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${entry.entry_number}.pdf"`,
    });
  });

  r.get("/opening-balances", async (c) => json(c, { opening_balances: await readOpeningBalances(db, c.get("membership")) }));
  r.put("/opening-balances", requireBooks("books.opening"), async (c) => {
    const input = await body(c, openingBalancesSchema);
    return json(c, (await saveOpeningBalances(db, c.get("membership"), input)) satisfies OpeningBalancesSaved);
  });
  r.get("/recurring", async (c) => json(c, { recurring: await listRecurringEntries(db, c.get("membership")) }));
  r.post("/recurring", requireBooks("books.write"), async (c) => {
    const input = await body(c, recurringEntrySchema);
    return json(c, { recurring: await createRecurringEntry(db, c.get("membership"), input, actor(c)) } satisfies RecurringAnswer, 201);
  });
  r.get("/recurring/:id", async (c) =>
    json(c, { recurring: await getRecurringEntry(db, c.get("membership"), id(c)) } satisfies RecurringAnswer),
  );
  r.put("/recurring/:id", requireBooks("books.write"), async (c) => {
    const recurringId = id(c);
    const input = await body(c, recurringEntrySchema);
    return json(c, {
      recurring: await updateRecurringEntry(db, c.get("membership"), recurringId, input, actor(c)),
    } satisfies RecurringAnswer);
  });
  for (const action of ["pause", "resume", "end"] as const)
    r.post(`/recurring/:id/${action}`, requireBooks("books.write"), async (c) =>
      json(c, { recurring: await changeRecurringStatus(db, c.get("membership"), id(c), action, actor(c)) } satisfies RecurringAnswer),
    );
  r.delete("/recurring/:id", requireBooks("books.write"), async (c) => {
    await deleteRecurringEntry(db, c.get("membership"), id(c), actor(c));
    return json(c, { ok: true } satisfies BooksDone);
  });
  r.route("/lock", lockRoutes(ctx));
  r.route("/fiscal-year", fiscalYearRoutes(ctx));
  r.route("/currency", booksCurrencyRoutes(ctx));
  r.route("/year-end", yearEndRoutes(ctx));
  return r;
}
