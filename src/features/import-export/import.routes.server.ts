import { Hono, type Context } from "hono";
import type { AppContext } from "~/server/context.ts";
import { parseQuery } from "~/server/http/parse.ts";
import { chartCsv, journalCsv } from "./books-export.server.ts";
import { importQuerySchema } from "./import.schema.ts";
import { commitImport, previewImport } from "./import.server.ts";
import { booksMember, type BooksMemberEnv } from "~/features/tenancy/index.server.ts";
import { requireBooks } from "~/features/tenancy/index.server.ts";

type ImportEnv = BooksMemberEnv;

const firstField = {
  message: (fields: Record<string, string>) => {
    const [key, message] = Object.entries(fields)[0] ?? ["query", "Invalid input"];
    return `${key}: ${message}`;
  },
};

const attachment = (name: string) => ({
  "Content-Type": "text/csv; charset=utf-8",
  "Content-Disposition": `attachment; filename="${name}"`,
});

/**
 * CSV import and export of an organization's books, under /api/books-import/:orgId. The file is the request body
 * (text/csv, up to 20 MB), read as it arrives; the options are the query string. Members read the exports;
 * those who hold "books.import" import. A caller who is not a member gets 404.
 */
export function importRoutes(ctx: AppContext) {
  const { db } = ctx;
  const r = new Hono<ImportEnv>();
  r.use("/:orgId/*", booksMember(db));
  const file = (c: Context<ImportEnv>) => ({ q: parseQuery(c, importQuerySchema, firstField), body: c.req.raw.body });

  r.post("/:orgId/preview", requireBooks("books.import"), async (c) => {
    const { q, body } = file(c);
    return c.json(await previewImport(db, c.get("membership"), body, q));
  });
  r.post("/:orgId/commit", requireBooks("books.import"), async (c) => {
    const { q, body } = file(c);
    return c.json(await commitImport(db, c.get("membership"), body, q));
  });
  r.get("/:orgId/chart.csv", async (c) => c.body(await chartCsv(db, c.get("membership")), 200, attachment("chart-of-accounts.csv")));
  r.get("/:orgId/journal.csv", (c) => c.body(journalCsv(db, c.get("membership")), 200, attachment("journal.csv")));
  return r;
}
