import { Hono, type Context } from "hono";
import { z } from "zod";
import { idParam } from "~/lib/schema-fields.ts";
import { auditActor } from "~/server/audit.server.ts";
import { clientIp } from "~/server/client-ip.ts";
import type { AppContext } from "~/server/context.ts";
import { AppError } from "~/server/http/app-error.ts";
import { FIRST_FIELD, json, parseJson, parseParams, parseQuery } from "~/server/http/parse.ts";
import { requireBooks, type BooksMemberEnv } from "~/features/tenancy/index.server.ts";
import { taxArchiveSchema, taxCodeSchema, taxCodesQuerySchema, taxSettingsSchema } from "./tax-codes.schema.ts";
import {
  archiveTaxCode,
  createTaxCode,
  deleteTaxCode,
  getTaxCode,
  listTaxCodes,
  readTaxSettings,
  saveTaxSettings,
  updateTaxCode,
} from "./tax-codes.server.ts";
import { importTaxCodes, taxCodesCsv } from "./tax-codes-csv.server.ts";
import { applyTaxPreset } from "./tax-presets.server.ts";
import { TAX_PRESET_IDS } from "./tax-presets-data.ts";
import type { TaxCodeAnswer, TaxCodeDeleted, TaxCodesAnswer, TaxCodesImported, TaxPresetApplied, TaxSettingsAnswer } from "./tax.types.ts";

type C = Context<BooksMemberEnv>;

const codeParams = z.object({ id: idParam() });
const presetParams = z.object({ preset: z.enum(TAX_PRESET_IDS) });

/**
 * Tax codes and the tax settings under `/api/accounting/orgs/:orgId/` (the composition puts the books member guard in
 * front; decision 112). Members read them; those who hold "books.tax" make, change, archive, delete, import codes,
 * apply a ready-made set and change the settings.
 */
export function taxRoutes(ctx: AppContext) {
  const r = new Hono<BooksMemberEnv>();
  const { db } = ctx;
  const tax = requireBooks("books.tax");
  const actor = (c: C) => auditActor(c.get("user"), clientIp(c, ctx.config.trustedProxyHeader));
  const body = <S extends z.ZodType>(c: C, schema: S) => parseJson(c, schema, FIRST_FIELD);
  const id = (c: C) => parseParams(c, codeParams).id;

  r.get("/tax-codes", async (c) => {
    const q = parseQuery(c, taxCodesQuerySchema, FIRST_FIELD);
    const codes = await listTaxCodes(db, c.get("membership"), { includeArchived: q.include_archived === "true" });
    return json(c, { tax_codes: codes } satisfies TaxCodesAnswer);
  });
  r.post("/tax-codes", tax, async (c) => {
    const input = await body(c, taxCodeSchema);
    return json(c, { tax_code: await createTaxCode(db, c.get("membership"), actor(c), input) } satisfies TaxCodeAnswer, 201);
  });
  r.get("/tax-codes.csv", async (c) =>
    c.body(await taxCodesCsv(db, c.get("membership")), 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="tax-codes.csv"',
    }),
  );
  r.post("/tax-codes/import", tax, async (c) => {
    const type = (c.req.header("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
    if (type === "application/json" || type.startsWith("multipart/"))
      throw new AppError(415, "UNSUPPORTED_MEDIA_TYPE", "Send the CSV file itself as the body (text/csv)");
    const text = await c.req.text();
    return json(c, (await importTaxCodes(db, c.get("membership"), actor(c), text)) satisfies TaxCodesImported);
  });
  r.post("/tax-codes/presets/:preset", tax, async (c) => {
    const { preset } = parseParams(c, presetParams);
    return json(c, (await applyTaxPreset(db, c.get("membership"), actor(c), preset)) satisfies TaxPresetApplied);
  });
  r.get("/tax-codes/:id", async (c) => json(c, { tax_code: await getTaxCode(db, c.get("membership"), id(c)) } satisfies TaxCodeAnswer));
  r.put("/tax-codes/:id", tax, async (c) => {
    const codeId = id(c);
    const input = await body(c, taxCodeSchema);
    return json(c, { tax_code: await updateTaxCode(db, c.get("membership"), actor(c), codeId, input) } satisfies TaxCodeAnswer);
  });
  r.post("/tax-codes/:id/archive", tax, async (c) => {
    const codeId = id(c);
    const { archived } = await body(c, taxArchiveSchema);
    return json(c, { tax_code: await archiveTaxCode(db, c.get("membership"), actor(c), codeId, archived) } satisfies TaxCodeAnswer);
  });
  r.delete("/tax-codes/:id", tax, async (c) => {
    await deleteTaxCode(db, c.get("membership"), actor(c), id(c));
    return json(c, { deleted: true } satisfies TaxCodeDeleted);
  });

  r.get("/tax-settings", async (c) => json(c, { settings: await readTaxSettings(db, c.get("membership")) } satisfies TaxSettingsAnswer));
  r.put("/tax-settings", tax, async (c) => {
    const input = await body(c, taxSettingsSchema);
    return json(c, { settings: await saveTaxSettings(db, c.get("membership"), actor(c), input) } satisfies TaxSettingsAnswer);
  });
  return r;
}
