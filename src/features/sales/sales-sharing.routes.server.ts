import { Hono, type Context } from "hono";
import { z } from "zod";
import { idParam } from "~/lib/schema-fields.ts";
import { clientIp } from "~/server/client-ip.ts";
import type { AppContext, AppEnv } from "~/server/context.ts";
import { rateLimited } from "~/server/http/app-error.ts";
import { check, FIRST_FIELD, json, parseJson, parseParams, parseQuery } from "~/server/http/parse.ts";
import { hitRateLimit } from "~/server/rate-limit.server.ts";
import { requireBooks, type BooksMemberEnv } from "~/features/tenancy/index.server.ts";
import { statement } from "./aging.server.ts";
import { createLink, documentPdfFile, revokeLink, sharedDocument } from "./document-links.server.ts";
import { assertMaySend } from "./document-sending.server.ts";
import { companyOf, readBranding, saveCompany } from "./company-branding.server.ts";
import { documentFileName, documentPdf, statementFileName, statementPdf } from "./sales-pdf.server.ts";
import { sendDocument, sendStatement, sendStatements, type Sender } from "./sales-mail.server.ts";
import { linkSchema, sendSchema, SIDES, statementQuerySchema } from "./sales.schema.ts";
import { companySchema, statementSendSchema, statementsSendSchema } from "./sharing.schema.ts";
import type {
  CompanyAnswer,
  DocumentSent,
  LinkCreated,
  LinkRevoked,
  SharedDocumentAnswer,
  StatementSent,
  StatementsQueued,
} from "./sharing.types.ts";

type C = Context<BooksMemberEnv>;

const idParams = z.object({ id: idParam() });
const linkParams = z.object({ id: idParam(), linkId: idParam() });
const sideQuery = z.object({ side: z.enum(SIDES, { error: "Side must be receivable or payable" }).default("receivable") });

/** A PDF to save, never shown inline: its name of safe characters only. */
function pdfAttachment(c: Context, body: ReadableStream<Uint8Array>, fileName: string): Response {
  return c.body(body, 200, {
    "Content-Type": "application/pdf",
    "Content-Disposition": `attachment; filename="${fileName.replace(/[^A-Za-z0-9_.-]/g, "_")}"`,
    "X-Content-Type-Options": "nosniff",
  });
}

/**
 * A body whose every field may be left out: no body at all is the defaults (`POST …/links` is a 30-day link); a body is
 * JSON, checked by the schema.
 */
async function optionalJson<S extends z.ZodType>(c: C, schema: S): Promise<z.output<S>> {
  if (!c.req.header("content-type") && (await c.req.text()) === "") return check(schema, {}, FIRST_FIELD);
  return parseJson(c, schema, FIRST_FIELD);
}

/**
 * Documents going out of the books, under `/api/accounting/orgs/:orgId/` (decision 116): a document's PDF; its links
 * for the customer (made, listed with the document, revoked); mailing it; a contact's statement as PDF and by mail, and
 * every customer's; the business's details its documents print. Reading asks membership; sending
 * "books.sales.send" (and, for the client's side when the firm keeps the books, the setting that lets her send); the
 * details "books.sales.settings".
 */
export function salesSharingRoutes(ctx: AppContext) {
  const r = new Hono<BooksMemberEnv>();
  const { db } = ctx;
  const send = requireBooks("books.sales.send");
  const maySend = async (c: C, next: () => Promise<void>) => {
    await assertMaySend(db, c.get("membership"));
    await next();
  };
  const sender = (c: C): Sender => {
    // The books' member guard let only a signed-in member through.
    const user = c.get("user")!;
    return { email: user.email, name: user.name };
  };

  r.get("/documents/:id/pdf", async (c) => {
    const { body, fileName } = await documentPdfFile(db, c.get("membership"), parseParams(c, idParams).id);
    return pdfAttachment(c, body, fileName);
  });
  r.post("/documents/:id/links", send, maySend, async (c) => {
    const { id } = parseParams(c, idParams);
    const { days } = await optionalJson(c, linkSchema);
    return json(c, { link: await createLink(db, c.get("membership"), id, days, ctx.config.publicUrl) } satisfies LinkCreated, 201);
  });
  r.post("/documents/:id/links/:linkId/revoke", send, async (c) => {
    const { id, linkId } = parseParams(c, linkParams);
    return json(c, { link: await revokeLink(db, c.get("membership"), id, linkId) } satisfies LinkRevoked);
  });
  r.post("/documents/:id/send", send, maySend, async (c) => {
    const { id } = parseParams(c, idParams);
    const input = await optionalJson(c, sendSchema);
    const sent = await sendDocument(db, c.get("membership"), sender(c), id, input, ctx.config.publicUrl);
    ctx.mail.kick();
    return json(c, sent satisfies DocumentSent);
  });

  r.get("/contacts/:id/statement.pdf", async (c) => {
    const m = c.get("membership");
    const { id } = parseParams(c, idParams);
    const q = parseQuery(c, statementQuerySchema.and(sideQuery), FIRST_FIELD);
    const s = await statement(db, m, id, q.side, q.from, q.to);
    return pdfAttachment(c, statementPdf(s, await readBranding(db, m.organizationId)), statementFileName(s));
  });
  r.post("/contacts/:id/statement/send", send, maySend, async (c) => {
    const { id } = parseParams(c, idParams);
    const input = await parseJson(c, statementSendSchema, FIRST_FIELD);
    const sent = await sendStatement(db, c.get("membership"), sender(c), id, input);
    ctx.mail.kick();
    return json(c, sent satisfies StatementSent);
  });
  r.post("/statements/send", send, maySend, async (c) => {
    const input = await parseJson(c, statementsSendSchema, FIRST_FIELD);
    const queued = await sendStatements(db, c.get("membership"), sender(c), input);
    if (queued.queued > 0) ctx.mail.kick();
    return json(c, queued satisfies StatementsQueued);
  });

  r.get("/sales/company", async (c) =>
    json(c, { company: companyOf(await readBranding(db, c.get("membership").organizationId)) } satisfies CompanyAnswer),
  );
  r.put("/sales/company", requireBooks("books.sales.settings"), async (c) => {
    const input = await parseJson(c, companySchema, FIRST_FIELD);
    return json(c, { company: await saveCompany(db, c.get("membership"), input) } satisfies CompanyAnswer);
  });
  return r;
}

/** Views of shared documents per address in ten minutes (the page and its PDF are two). */
export const SHARED_VIEWS_PER_WINDOW = 60;
const WINDOW_SECONDS = 600;

/**
 * The one document a link opens, with no session, under `/api/shared/` (decision 116): GET /documents/:token (its
 * customer-facing fields) and GET /documents/:token/pdf (an attachment). An unknown, expired or revoked secret is the
 * same 404. Limited per address; never indexed, never sent on as a referrer.
 */
export function sharedDocumentRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();
  const { db } = ctx;
  r.use(async (c, next) => {
    const limit = await hitRateLimit(
      db,
      `shared-document:${clientIp(c, ctx.config.trustedProxyHeader)}`,
      SHARED_VIEWS_PER_WINDOW,
      WINDOW_SECONDS,
    );
    if (!limit.allowed) throw rateLimited("Too many views of shared documents from this address. Try again later.", limit.retryAfter);
    try {
      await next();
    } finally {
      c.header("X-Robots-Tag", "noindex, nofollow");
      c.header("Referrer-Policy", "no-referrer");
    }
  });
  const token = (c: Context) => c.req.param("token") ?? "";
  r.get("/documents/:token", async (c) =>
    json(c, { document: (await sharedDocument(db, token(c))).shared } satisfies SharedDocumentAnswer),
  );
  r.get("/documents/:token/pdf", async (c) => {
    const { document, contact, branding } = await sharedDocument(db, token(c));
    return pdfAttachment(c, documentPdf(document, contact, branding), documentFileName(document));
  });
  return r;
}
