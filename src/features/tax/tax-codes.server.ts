import { sql } from "drizzle-orm";
import { pgArray, queryRows, type Db } from "~/server/db/client.ts";
import { recordAudit, type AuditActor } from "~/server/audit.server.ts";
import { conflict, invalidInput, notFound } from "~/server/http/app-error.ts";
import { sqlState } from "~/server/db/db-error.ts";
import type { Membership } from "~/features/tenancy/tenancy.types.ts";
import type { TaxCodeInput, TaxSettingsInput } from "./tax-codes.schema.ts";
import type { TaxCode, TaxCodePart, TaxSettings } from "~/features/ledger/index.ts";

/*
 * An organization's tax codes (decision 112, migration 0040): each with its parts, the taxes it makes. A code used by
 * posted journal lines keeps its rate, parts, kind and accounts: a rate change is a new code from a date, the old one
 * ended the day before, so that history is never rewritten. Every write is one transaction with its audit row.
 */

export const USED_CODE_MESSAGE =
  "This tax code is used by posted entries: end it with a valid-to date and add a new code from the next day";

interface CodeRow {
  id: number;
  code: string;
  name: string;
  kind: TaxCode["kind"];
  applies_to: TaxCode["applies_to"];
  valid_from: string | null;
  valid_to: string | null;
  base_boxes: string[];
  archived: boolean;
}

/** The organization's codes with their parts, by code; archived ones too with `includeArchived`, or only `ids`. */
export async function listTaxCodes(db: Db, m: Membership, opts: { includeArchived?: boolean; ids?: number[] } = {}): Promise<TaxCode[]> {
  const archived = opts.includeArchived || opts.ids ? sql`` : sql`and c.archived_at is null`;
  const only = opts.ids ? sql`and c.id = any(${pgArray(opts.ids)}::integer[])` : sql``;
  const codes = await queryRows<CodeRow>(
    db,
    sql`select c.id, c.code, c.name, c.kind, c.applies_to, c.valid_from::text, c.valid_to::text, c.base_boxes,
               c.archived_at is not null as archived
          from tax_codes c
         where c.organization_id = ${m.organizationId} ${archived} ${only}
         order by c.code`,
  );
  if (codes.length === 0) return [];
  const parts = await queryRows<TaxCodePart & { tax_code_id: number }>(
    db,
    sql`select p.tax_code_id, p.part_no, p.name, p.rate::text, p.role, p.recoverable_percent::text, p.account_id, p.boxes
          from tax_code_parts p
         where p.organization_id = ${m.organizationId} and p.tax_code_id = any(${pgArray(codes.map((c) => Number(c.id)))}::integer[])
         order by p.tax_code_id, p.part_no`,
  );
  const byCode = new Map<number, TaxCodePart[]>();
  for (const { tax_code_id, ...p } of parts) {
    const list = byCode.get(Number(tax_code_id)) ?? [];
    list.push({ ...p, part_no: Number(p.part_no), account_id: Number(p.account_id) });
    byCode.set(Number(tax_code_id), list);
  }
  return codes.map((c) => ({ ...c, id: Number(c.id), parts: byCode.get(Number(c.id)) ?? [] }));
}

export async function getTaxCode(db: Db, m: Membership, id: number): Promise<TaxCode> {
  const [code] = await listTaxCodes(db, m, { ids: [id] });
  if (!code) throw notFound("Tax code not found");
  return code;
}

/** Each part's account must be an active account of these books: a 400 naming the first part that is not. */
export async function assertTaxAccounts(tx: Db, m: Membership, input: Pick<TaxCodeInput, "parts">): Promise<void> {
  if (input.parts.length === 0) return;
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`select id from chart_of_accounts where organization_id = ${m.organizationId} and is_active
          and id = any(${pgArray(input.parts.map((p) => p.account_id))}::integer[])`,
  );
  const active = new Set(rows.map((r) => Number(r.id)));
  const i = input.parts.findIndex((p) => !active.has(p.account_id));
  if (i >= 0) throw invalidInput({ [`parts.${i}.account_id`]: "Choose an active account of these books" });
}

const taken = (code: string) => {
  const message = `A tax code ${code} already exists in these books`;
  return invalidInput({ code: message }, message);
};

/** Inserts a code and its parts (the one writer of both tables); null when the code is already taken. */
export async function insertTaxCode(tx: Db, m: Membership, input: TaxCodeInput, archived = false): Promise<number | null> {
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`insert into tax_codes (organization_id, code, name, kind, applies_to, valid_from, valid_to, base_boxes, archived_at)
        values (${m.organizationId}, ${input.code}, ${input.name}, ${input.kind}, ${input.applies_to}, ${input.valid_from}::date,
                ${input.valid_to}::date, ${pgArray(input.base_boxes)}::text[], ${archived ? sql`now()` : sql`null`})
        on conflict (organization_id, code) do nothing
        returning id`,
  );
  if (!row) return null;
  await insertParts(tx, m, Number(row.id), input);
  return Number(row.id);
}

async function insertParts(tx: Db, m: Membership, id: number, input: TaxCodeInput): Promise<void> {
  if (input.parts.length === 0) return;
  const values = input.parts.map(
    (p, i) =>
      sql`(${m.organizationId}::integer, ${id}::integer, ${i + 1}::smallint, ${p.name}, ${p.rate}::numeric, ${p.role},
           ${p.recoverable_percent}::numeric, ${p.account_id}::integer, ${pgArray(p.boxes)}::text[])`,
  );
  await tx.execute(
    sql`insert into tax_code_parts (organization_id, tax_code_id, part_no, name, rate, role, recoverable_percent, account_id, boxes)
        values ${sql.join(values, sql`, `)}`,
  );
}

export async function createTaxCode(db: Db, m: Membership, actor: AuditActor, input: TaxCodeInput): Promise<TaxCode> {
  return db.transaction(async (tx) => {
    await assertTaxAccounts(tx, m, input);
    const id = await insertTaxCode(tx, m, input);
    if (id === null) throw taken(input.code);
    await recordAudit(tx, actor, { action: "tax_code.created", targetType: "tax_code", targetId: id, after: { ...input } });
    return getTaxCode(tx, m, id);
  });
}

/** The latest date of a posted entry whose lines use the code, or null when none does. */
async function lastPostedUse(tx: Db, m: Membership, id: number): Promise<string | null> {
  const [row] = await queryRows<{ last: string | null }>(
    tx,
    sql`select max(e.entry_date)::text as last
          from journal_entry_lines l join journal_entries e on e.id = l.journal_entry_id
         where l.organization_id = ${m.organizationId} and l.tax_code_id = ${id} and e.status = 'posted'`,
  );
  return row?.last ?? null;
}

/** What of a code is kept once posted entries use it: all but its name, its end date, its boxes (and archiving). */
const kept = (c: TaxCode | TaxCodeInput) => ({
  code: c.code,
  kind: c.kind,
  applies_to: c.applies_to,
  valid_from: c.valid_from,
  parts: c.parts.map((p) => [p.rate, p.role, p.recoverable_percent, p.account_id]),
});

/** The code's row locked, or a 404. */
async function lockedCode(tx: Db, m: Membership, id: number): Promise<TaxCode> {
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`select id from tax_codes where organization_id = ${m.organizationId} and id = ${id} for update`,
  );
  if (!row) throw notFound("Tax code not found");
  return getTaxCode(tx, m, id);
}

/**
 * Changes a code. Once posted entries use it, only its name, its valid-to date (not before the last of those
 * entries), its boxes and its parts' names may change: anything else is a 409 (end it and add a new code).
 */
export async function updateTaxCode(db: Db, m: Membership, actor: AuditActor, id: number, input: TaxCodeInput): Promise<TaxCode> {
  return db.transaction(async (tx) => {
    const before = await lockedCode(tx, m, id);
    const last = await lastPostedUse(tx, m, id);
    if (last !== null) {
      if (JSON.stringify(kept(before)) !== JSON.stringify(kept(input))) throw conflict(USED_CODE_MESSAGE);
      if (input.valid_to !== null && input.valid_to < last) {
        const message = `Posted entries use this code up to ${last}: valid to must not be before that day`;
        throw invalidInput({ valid_to: message }, message);
      }
    }
    await assertTaxAccounts(tx, m, input);
    try {
      await tx.transaction(async (sp) => {
        await sp.execute(
          sql`update tax_codes set code = ${input.code}, name = ${input.name}, kind = ${input.kind}, applies_to = ${input.applies_to},
                     valid_from = ${input.valid_from}::date, valid_to = ${input.valid_to}::date, base_boxes = ${pgArray(input.base_boxes)}::text[]
               where organization_id = ${m.organizationId} and id = ${id}`,
        );
      });
    } catch (err) {
      if (sqlState(err) === "23505") throw taken(input.code);
      throw err;
    }
    if (last === null) {
      await tx.execute(sql`delete from tax_code_parts where organization_id = ${m.organizationId} and tax_code_id = ${id}`);
      await insertParts(tx, m, id, input);
    } else {
      for (const [i, p] of input.parts.entries())
        await tx.execute(
          sql`update tax_code_parts set name = ${p.name}, boxes = ${pgArray(p.boxes)}::text[]
               where organization_id = ${m.organizationId} and tax_code_id = ${id} and part_no = ${i + 1}`,
        );
    }
    await recordAudit(tx, actor, {
      action: "tax_code.updated",
      targetType: "tax_code",
      targetId: id,
      before: { ...before },
      after: { ...input },
    });
    return getTaxCode(tx, m, id);
  });
}

/** Archives a code (no longer offered for new lines; the entries that use it keep it) or brings it back. */
export async function archiveTaxCode(db: Db, m: Membership, actor: AuditActor, id: number, archived: boolean): Promise<TaxCode> {
  return db.transaction(async (tx) => {
    const before = await lockedCode(tx, m, id);
    if (before.archived !== archived) {
      await tx.execute(
        sql`update tax_codes set archived_at = ${archived ? sql`now()` : sql`null`}
             where organization_id = ${m.organizationId} and id = ${id}`,
      );
      await recordAudit(tx, actor, {
        action: archived ? "tax_code.archived" : "tax_code.unarchived",
        targetType: "tax_code",
        targetId: id,
        before: { archived: before.archived },
        after: { archived },
      });
    }
    return getTaxCode(tx, m, id);
  });
}

/** Deletes a code no entry uses (draft or posted); one that is used is archived instead (409). */
export async function deleteTaxCode(db: Db, m: Membership, actor: AuditActor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockedCode(tx, m, id);
    const [used] = await queryRows<{ one: number }>(
      tx,
      sql`select 1 as one from journal_entry_lines where organization_id = ${m.organizationId} and tax_code_id = ${id} limit 1`,
    );
    if (used) throw conflict("This tax code is used by entries: archive it instead, so that it is no longer offered");
    await tx.execute(sql`delete from tax_codes where organization_id = ${m.organizationId} and id = ${id}`);
    await recordAudit(tx, actor, { action: "tax_code.deleted", targetType: "tax_code", targetId: id, before: { ...before } });
  });
}

export async function readTaxSettings(db: Db, m: Membership): Promise<TaxSettings> {
  const [row] = await queryRows<TaxSettings>(
    db,
    sql`select tax_amounts, tax_rounding, tax_basis from organizations where id = ${m.organizationId}`,
  );
  if (!row) throw notFound("Organization not found");
  return row;
}

/**
 * The tax basis is how every return is counted (on the invoice's date, or as it is paid): once a return is filed on one
 * basis, a change would count the documents of the filed periods again, or never, in the next return. Filing locks the
 * organization's row too, so the two cannot pass each other.
 */
async function assertNoFiledReturn(tx: Db, organizationId: number, basis: string): Promise<void> {
  const [filed] = await queryRows<{ name: string; period_start: string; period_end: string }>(
    tx,
    sql`select name, period_start::text, period_end::text from tax_returns
         where organization_id = ${organizationId} order by period_end desc limit 1`,
  );
  if (filed)
    throw invalidInput({
      tax_basis: `Returns are filed on the ${basis} basis (the last: ${filed.name}, ${filed.period_start} to ${filed.period_end}): the tax basis cannot change once a return is filed`,
    });
}

export async function saveTaxSettings(db: Db, m: Membership, actor: AuditActor, input: TaxSettingsInput): Promise<TaxSettings> {
  return db.transaction(async (tx) => {
    const [before] = await queryRows<TaxSettings>(
      tx,
      sql`select tax_amounts, tax_rounding, tax_basis from organizations where id = ${m.organizationId} for update`,
    );
    if (!before) throw notFound("Organization not found");
    if (input.tax_basis !== before.tax_basis) await assertNoFiledReturn(tx, m.organizationId, before.tax_basis);
    await tx.execute(
      sql`update organizations set tax_amounts = ${input.tax_amounts}, tax_rounding = ${input.tax_rounding}, tax_basis = ${input.tax_basis}
           where id = ${m.organizationId}`,
    );
    await recordAudit(tx, actor, {
      action: "tax_settings.updated",
      targetType: "organization",
      targetId: m.organizationId,
      before: { ...before },
      after: { ...input },
    });
    return readTaxSettings(tx, m);
  });
}
