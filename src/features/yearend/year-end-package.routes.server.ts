import { Hono, type Context } from "hono";
import { z } from "zod";
import { idParam } from "~/lib/schema-fields.ts";
import { auditActor } from "~/server/audit.server.ts";
import { clientIp } from "~/server/client-ip.ts";
import type { AppContext } from "~/server/context.ts";
import { parseJson, parseParams } from "~/server/http/parse.ts";
import { requireBooks, type BooksMemberEnv } from "~/features/tenancy/index.server.ts";
import { yearEndPackageSchema } from "./year-end-package.schema.ts";
import { listPackages, preparePackage, readPackageFile } from "./year-end-package.server.ts";
import type { YearEndPackagePrepared, YearEndPackagesAnswer } from "./year-end-package.types.ts";

const packageParams = z.object({ orgId: idParam(), id: idParam() });

const TYPES = { pdf: "application/pdf", zip: "application/zip" } as const;

/** A kept file to save (never shown inline), its name made of safe characters only. */
function attachment(c: Context, bytes: Uint8Array, fileName: string, kind: keyof typeof TYPES): Response {
  return c.body(new Uint8Array(bytes), 200, {
    "Content-Length": String(bytes.byteLength),
    "Content-Type": TYPES[kind],
    "Content-Disposition": `attachment; filename="${fileName.replace(/[^A-Za-z0-9_.-]/g, "_")}"`,
    "X-Content-Type-Options": "nosniff",
  });
}

/**
 * The year-end packages, under /orgs/:orgId/year-end/packages (membership already checked): every member lists the
 * kept packages and downloads their PDF and ZIP; those who hold "books.yearend.prepare" prepare a closed year's
 * (decision 124), which is audited.
 */
export function yearEndPackageRoutes(ctx: AppContext) {
  const r = new Hono<BooksMemberEnv>();
  const { db } = ctx;
  const actor = (c: Context<BooksMemberEnv>) => auditActor(c.get("user"), clientIp(c, ctx.config.trustedProxyHeader));

  r.get("/year-end/packages", async (c) => c.json({ packages: await listPackages(db, c.get("membership")) } satisfies YearEndPackagesAnswer));
  r.post("/year-end/packages", requireBooks("books.yearend.prepare"), async (c) => {
    const { fiscal_year } = await parseJson(c, yearEndPackageSchema, { message: "first" });
    const prepared = await preparePackage(db, c.get("membership"), fiscal_year, actor(c));
    return c.json({ package: prepared } satisfies YearEndPackagePrepared, 201);
  });
  for (const kind of ["pdf", "zip"] as const)
    r.get(`/year-end/packages/:id/${kind}`, async (c) => {
      const { id } = parseParams(c, packageParams);
      const file = await readPackageFile(db, c.get("membership"), id, kind);
      return attachment(c, file.bytes, file.name, kind);
    });
  return r;
}
