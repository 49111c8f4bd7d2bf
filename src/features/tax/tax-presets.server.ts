import { sql } from "drizzle-orm";
import { pgArray, queryRows, type Db } from "~/server/db/client.ts";
import { recordAudit, type AuditActor } from "~/server/audit.server.ts";
import { conflict } from "~/server/http/app-error.ts";
import { insertChartAccounts } from "~/features/ledger/chart.tables.ts";
import type { Membership } from "~/features/tenancy/tenancy.types.ts";
import { taxCodeSchema } from "./tax-codes.schema.ts";
import { insertTaxCode } from "./tax-codes.server.ts";
import { presetCodeInputs, TAX_PRESETS } from "./tax-presets.ts";
import type { TaxPresetId } from "./tax-presets-data.ts";
import type { TaxPresetApplied } from "./tax.types.ts";

/**
 * Applies a ready-made set in one transaction: the codes not yet in the books are made (those there are skipped and
 * reported), with the accounts they need: an active account of the same code is used, a missing one is made; a
 * deleted account holding the code is a 409 (reactivate it first).
 */
export async function applyTaxPreset(db: Db, m: Membership, actor: AuditActor, presetId: TaxPresetId): Promise<TaxPresetApplied> {
  const preset = TAX_PRESETS[presetId];
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`tax-codes:${m.organizationId}`}))`);
    const there = await queryRows<{ code: string }>(
      tx,
      sql`select code from tax_codes where organization_id = ${m.organizationId}
            and code = any(${pgArray(preset.codes.map((c) => c.code))}::text[])`,
    );
    const skipped = new Set(there.map((r) => r.code));
    const codes = preset.codes.filter((c) => !skipped.has(c.code));
    const needed = new Set(codes.flatMap((c) => c.parts.map((p) => p.account)));
    const accounts = preset.accounts.filter((a) => needed.has(a.code));

    const ids = new Map<string, number>();
    const made: string[] = [];
    if (accounts.length > 0) {
      const existing = await queryRows<{ id: number; account_code: string; account_name: string; is_active: boolean }>(
        tx,
        sql`select id, account_code, account_name, is_active from chart_of_accounts
             where organization_id = ${m.organizationId} and account_code = any(${pgArray(accounts.map((a) => a.code))}::text[])`,
      );
      for (const a of existing) {
        if (!a.is_active)
          throw conflict(
            `Account ${a.account_code} (${a.account_name}) is deleted: reactivate it under Show inactive, then apply the set again`,
          );
        ids.set(a.account_code, Number(a.id));
      }
      const missing = accounts.filter((a) => !ids.has(a.code));
      if (missing.length > 0) {
        const rows = await queryRows<{ id: number; account_code: string }>(
          tx,
          insertChartAccounts(
            sql`values ${sql.join(
              missing.map(
                (a) =>
                  sql`(${m.organizationId}::integer, ${a.code}, ${a.name}, ${a.type}, ${a.type === "Asset" ? "current_asset" : "current_liability"},
                       null::integer, ${m.userId})`,
              ),
              sql`, `,
            )} returning id, account_code`,
          ),
        );
        for (const r of rows) ids.set(r.account_code, Number(r.id));
        made.push(...missing.map((a) => `${a.code} ${a.name}`));
      }
    }

    const created: string[] = [];
    const subset = { ...preset, codes };
    for (const form of presetCodeInputs(subset, ids)) {
      const input = taxCodeSchema.parse(form);
      if ((await insertTaxCode(tx, m, input)) !== null) created.push(input.code);
    }
    const result = { created, skipped: [...skipped].sort(), accounts_created: made };
    await recordAudit(tx, actor, {
      action: "tax_preset.applied",
      targetType: "organization",
      targetId: m.organizationId,
      after: { preset: presetId, ...result },
    });
    return result;
  });
}
