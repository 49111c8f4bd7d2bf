import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Db, pgArray } from "~/server/db/client.ts";
import { recordAudit, type AuditActor } from "~/server/audit.server.ts";
import { invalidInput } from "~/server/http/app-error.ts";
import { notFound } from "~/features/ledger/index.server.ts";
import type { BankRuleInput } from "./bank-rules.schema.ts";
import type { BankRule, RuleTest } from "./bank-rules.types.ts";
import type { RuleProposal } from "./bank.types.ts";
import { getBankAccount } from "./bank-accounts.server.ts";
import { assertCounterAccounts } from "./bank-matching.server.ts";
import type { Membership } from "~/features/tenancy/tenancy.types.ts";

/*
 * Rules: the first rule by position that fits a statement line (its text or payee contains, equals or matches a
 * pattern; money in or out; an amount range) proposes its account (with its tax code, if any), and its memo as the entry's description. Patterns
 * are matched by PostgreSQL (`~*`), under a statement timeout, so that no pattern can hold the server. Posting what
 * they propose, in batches: bank-rules-batches.server.ts.
 */

const RULE_TIMEOUT = "5s";

/** Whether rule `r` fits bank line `b` (aliases of the query that uses it). */
export const ruleFits = sql`(case r.operator
      when 'contains' then strpos(lower(case r.field when 'payee' then coalesce(b.payee, '') else b.description || ' ' || coalesce(b.payee, '') end), lower(r.value)) > 0
      when 'equals' then lower(btrim(case r.field when 'payee' then coalesce(b.payee, '') else b.description end)) = lower(btrim(r.value))
      else (case r.field when 'payee' then coalesce(b.payee, '') else b.description || ' ' || coalesce(b.payee, '') end) ~* r.value end)
  and (r.direction = 'any' or (r.direction = 'in' and b.amount > 0) or (r.direction = 'out' and b.amount < 0))
  and (r.amount_min is null or abs(b.amount) >= r.amount_min)
  and (r.amount_max is null or abs(b.amount) <= r.amount_max)
  and (r.bank_account_id is null or r.bank_account_id = b.bank_account_id)`;

const columns = sql`r.id, r.position, r.name, r.field, r.operator, r.value, r.direction, r.amount_min::text, r.amount_max::text,
  r.account_id, a.account_code, a.account_name, r.tax_code_id, tc.code as tax_code, r.bank_account_id, r.memo`;
const shape = (r: BankRule): BankRule => ({
  ...r,
  id: Number(r.id),
  position: Number(r.position),
  account_id: Number(r.account_id),
  tax_code_id: r.tax_code_id === null ? null : Number(r.tax_code_id),
  bank_account_id: r.bank_account_id === null ? null : Number(r.bank_account_id),
});

export async function listRules(db: Db, m: Membership): Promise<BankRule[]> {
  const rows = await queryRows<BankRule>(
    db,
    sql`select ${columns} from bank_rules r join chart_of_accounts a on a.id = r.account_id
          left join tax_codes tc on tc.id = r.tax_code_id
         where r.organization_id = ${m.organizationId} order by r.position, r.id`,
  );
  return rows.map(shape);
}

/** A pattern PostgreSQL cannot read is a 400 on the value, not a failure later. */
async function checkRule(tx: Db, m: Membership, input: BankRuleInput): Promise<void> {
  await assertCounterAccounts(tx, m, 0, [input.account_id]);
  if (input.bank_account_id) await getBankAccount(tx, m, input.bank_account_id);
  if (input.tax_code_id != null) {
    const [code] = await queryRows<{ archived: boolean }>(
      tx,
      sql`select archived_at is not null as archived from tax_codes where organization_id = ${m.organizationId} and id = ${input.tax_code_id}`,
    );
    if (!code) throw invalidInput({ tax_code_id: "Tax code not found" });
    if (code.archived) throw invalidInput({ tax_code_id: "This tax code is archived" });
  }
  if (input.operator !== "matches") return;
  try {
    await tx.transaction(async (sp) => {
      await sp.execute(sql`select '' ~* ${input.value}`);
    });
  } catch {
    throw invalidInput({ value: "This pattern is not a regular expression PostgreSQL can read" });
  }
}

const values = (input: BankRuleInput) => [
  input.name,
  input.field,
  input.operator,
  input.value,
  input.direction,
  input.amount_min,
  input.amount_max,
  input.account_id,
  input.bank_account_id ?? null,
  input.memo || null,
  input.tax_code_id ?? null,
];

export async function createRule(db: Db, m: Membership, actor: AuditActor, input: BankRuleInput): Promise<BankRule> {
  return db.transaction(async (tx) => {
    await checkRule(tx, m, input);
    const [n, field, op, value, dir, min, max, account, bank, memo, tax] = values(input);
    const [row] = await queryRows<{ id: number }>(
      tx,
      sql`insert into bank_rules (organization_id, position, name, field, operator, value, direction, amount_min, amount_max, account_id, bank_account_id, memo, tax_code_id, created_by)
          select ${m.organizationId}, coalesce(max(position) + 1, 0), ${n}, ${field}, ${op}, ${value}, ${dir}, ${min}::numeric, ${max}::numeric,
                 ${account}, ${bank}, ${memo}, ${tax}::integer, ${m.userId}
            from bank_rules where organization_id = ${m.organizationId}
          returning id`,
    );
    await recordAudit(tx, actor, { action: "bank_rule.created", targetType: "bank_rule", targetId: Number(row!.id), after: { ...input } });
    return (await listRules(tx, m)).find((r) => r.id === Number(row!.id))!;
  });
}

export async function updateRule(db: Db, m: Membership, actor: AuditActor, id: number, input: BankRuleInput): Promise<BankRule> {
  return db.transaction(async (tx) => {
    const before = (await listRules(tx, m)).find((r) => r.id === id);
    if (!before) throw notFound("Rule");
    await checkRule(tx, m, input);
    const [n, field, op, value, dir, min, max, account, bank, memo, tax] = values(input);
    await tx.execute(
      sql`update bank_rules set name = ${n}, field = ${field}, operator = ${op}, value = ${value}, direction = ${dir},
                 amount_min = ${min}::numeric, amount_max = ${max}::numeric, account_id = ${account}, bank_account_id = ${bank}, memo = ${memo},
                 tax_code_id = ${tax}::integer
           where organization_id = ${m.organizationId} and id = ${id}`,
    );
    await recordAudit(tx, actor, {
      action: "bank_rule.updated",
      targetType: "bank_rule",
      targetId: id,
      before: { ...before },
      after: { ...input },
    });
    return (await listRules(tx, m)).find((r) => r.id === id)!;
  });
}

export async function deleteRule(db: Db, m: Membership, actor: AuditActor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const before = (await listRules(tx, m)).find((r) => r.id === id);
    if (!before) throw notFound("Rule");
    await tx.execute(sql`delete from bank_rules where organization_id = ${m.organizationId} and id = ${id}`);
    await recordAudit(tx, actor, { action: "bank_rule.deleted", targetType: "bank_rule", targetId: id, before: { ...before } });
  });
}

/** Swaps a rule with its neighbour above or below. */
export async function moveRule(db: Db, m: Membership, id: number, direction: "up" | "down"): Promise<BankRule[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`bank-rules:${m.organizationId}`}))`);
    const rules = await listRules(tx, m);
    const i = rules.findIndex((r) => r.id === id);
    if (i < 0) throw notFound("Rule");
    const j = direction === "up" ? i - 1 : i + 1;
    if (j < 0 || j >= rules.length) return rules;
    const order = rules.map((r) => r.id);
    [order[i], order[j]] = [order[j]!, order[i]!];
    await tx.execute(
      sql`update bank_rules r set position = x.pos - 1 from unnest(${pgArray(order)}::integer[]) with ordinality as x(id, pos)
           where r.id = x.id and r.organization_id = ${m.organizationId}`,
    );
    return listRules(tx, m);
  });
}

/** Runs a rule query with the statement timeout that bounds a pattern's cost. */
async function bounded<T>(db: Db, query: SQL): Promise<T[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql.raw(`set local statement_timeout = '${RULE_TIMEOUT}'`));
    return queryRows<T>(tx, query);
  });
}

/** The first fitting rule's account for each of these unmatched lines. */
export async function ruleProposals(db: Db, m: Membership, lineIds: number[]): Promise<Map<number, RuleProposal>> {
  if (lineIds.length === 0) return new Map();
  const rows = await bounded<RuleProposal & { bank_line_id: number }>(
    db,
    sql`select b.id as bank_line_id, p.*
          from bank_lines b
          cross join lateral (
            select r.id as rule_id, r.name as rule_name, r.account_id, a.account_code, a.account_name, r.memo, r.tax_code_id
              from bank_rules r join chart_of_accounts a on a.id = r.account_id and a.is_active
             where r.organization_id = b.organization_id and ${ruleFits}
             order by r.position, r.id limit 1
          ) p
         where b.organization_id = ${m.organizationId} and b.match_id is null and b.excluded_at is null
           and b.id = any(${pgArray(lineIds)}::bigint[])`,
  );
  return new Map(
    rows.map(({ bank_line_id, ...p }) => [
      Number(bank_line_id),
      {
        ...p,
        rule_id: Number(p.rule_id),
        account_id: Number(p.account_id),
        tax_code_id: p.tax_code_id === null ? null : Number(p.tax_code_id),
      },
    ]),
  );
}

/** The lines a rule (not yet saved) fits among those imported so far, newest first. */
export async function testRule(db: Db, m: Membership, input: BankRuleInput): Promise<RuleTest> {
  await checkRule(db, m, input);
  const [n, field, op, value, dir, min, max, , bank] = values(input);
  const rows = await bounded<RuleTest["lines"][number] & { total: number }>(
    db,
    sql`select b.id, b.booked_on::text as date, b.amount::text, b.description, ba.name as bank_account, count(*) over ()::integer as total
          from bank_lines b join bank_accounts ba on ba.id = b.bank_account_id,
               (select ${n}::text as name, ${field}::text as field, ${op}::text as operator, ${value}::text as value, ${dir}::text as direction,
                       ${min}::numeric as amount_min, ${max}::numeric as amount_max, ${bank}::integer as bank_account_id) r
         where b.organization_id = ${m.organizationId} and b.excluded_at is null and ${ruleFits}
         order by b.booked_on desc, b.id desc limit 20`,
  );
  return { count: rows[0] ? Number(rows[0].total) : 0, lines: rows.map(({ total: _, ...l }) => ({ ...l, id: Number(l.id) })) };
}
