import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { queryRows, type Db, pgArray } from "~/server/db/client.ts";
import { recordAudit, type AuditActor } from "~/server/audit.server.ts";
import { conflict } from "~/server/http/app-error.ts";
import { BooksLockedError, lockedUpTo, notFound, sqlState } from "~/features/ledger/index.server.ts";
import type { RuleBatch, RuleBatchUndone, RulesPosted, RulesPreview, RulesPreviewAccount } from "./bank-rules.types.ts";
import type { RuleProposal } from "./bank.types.ts";
import { getBankAccount } from "./bank-accounts.server.ts";
import { postLines, takeBankLines } from "./bank-matching.server.ts";
import { ruleProposals } from "./bank-rules.server.ts";
import { reverseEntries } from "~/features/ledger/index.server.ts";
import { centsToDecimal, toCents } from "~/lib/money.ts";
import type { Membership } from "~/features/tenancy/tenancy.types.ts";

/*
 * What the rules choose, posted in one go as a batch (decision 104): first shown (how many lines, money in and out,
 * by account) under a fingerprint, then posted only if that is still what the rules choose; the batch keeps the
 * entries it made, so that it is reversed as one while none of its statement lines is reconciled.
 */

/** The batches the rules page lists, newest first. */
const BATCHES_LISTED = 20;

interface PlannedLine {
  id: number;
  booked_on: string;
  cents: bigint;
  proposal: RuleProposal;
}

/** The unmatched lines of the bank account a rule chooses an account for, oldest first, and their fingerprint. */
async function plan(db: Db, m: Membership, bankId: number) {
  const account = await getBankAccount(db, m, bankId);
  const open = await queryRows<{ id: number; booked_on: string; amount: string }>(
    db,
    sql`select id, booked_on::text, amount::text from bank_lines
         where organization_id = ${m.organizationId} and bank_account_id = ${bankId} and match_id is null and excluded_at is null
           and amount <> 0
         order by booked_on, id`,
  );
  const proposals = await ruleProposals(
    db,
    m,
    open.map((l) => Number(l.id)),
  );
  const lines: PlannedLine[] = open
    .filter((l) => proposals.has(Number(l.id)))
    .map((l) => ({ id: Number(l.id), booked_on: l.booked_on, cents: toCents(l.amount)!, proposal: proposals.get(Number(l.id))! }));
  const hash = createHash("sha256");
  for (const l of lines)
    hash.update(
      `${l.id}:${l.cents}:${l.proposal.rule_id}:${l.proposal.account_id}:${l.proposal.tax_code_id ?? ""}:${l.proposal.memo ?? ""}\n`,
    );
  return { account, lines, fingerprint: hash.digest("hex") };
}

const sums = (lines: PlannedLine[]) => {
  let moneyIn = 0n;
  let moneyOut = 0n;
  for (const l of lines)
    if (l.cents > 0n) moneyIn += l.cents;
    else moneyOut -= l.cents;
  return { money_in: centsToDecimal(moneyIn), money_out: centsToDecimal(moneyOut) };
};

/** What posting the rules' choices would post: how many lines, money in and out, by account (by code). */
export async function previewRuleBatch(db: Db, m: Membership, bankId: number): Promise<RulesPreview> {
  const { account, lines, fingerprint } = await plan(db, m, bankId);
  const byAccount = new Map<number, PlannedLine[]>();
  for (const l of lines) byAccount.set(l.proposal.account_id, [...(byAccount.get(l.proposal.account_id) ?? []), l]);
  const accounts: RulesPreviewAccount[] = [...byAccount.values()]
    .map((ls) => ({
      account_id: ls[0]!.proposal.account_id,
      account_code: ls[0]!.proposal.account_code,
      account_name: ls[0]!.proposal.account_name,
      lines: ls.length,
      ...sums(ls),
    }))
    .sort((a, b) => a.account_code.localeCompare(b.account_code, "en", { numeric: true }));
  return {
    lines: lines.length,
    ...sums(lines),
    currency: account.currency,
    first_date: lines[0]?.booked_on ?? null,
    last_date: lines.at(-1)?.booked_on ?? null,
    by_account: accounts,
    fingerprint,
  };
}

/**
 * Posts, in one transaction, an entry for every unmatched line a rule chooses an account for (the rule's memo as its
 * description), as one batch. With the preview's fingerprint, a 409 when that is no longer what the rules choose.
 */
export async function postRuleBatch(db: Db, m: Membership, actor: AuditActor, bankId: number, fingerprint?: string): Promise<RulesPosted> {
  const { account, lines, fingerprint: now } = await plan(db, m, bankId);
  if (fingerprint !== undefined && fingerprint !== now)
    throw conflict("The statement lines or the rules changed since the preview: look at what the rules choose again");
  const totals = sums(lines);
  if (lines.length === 0) return { batch_id: null, entries: 0, ...totals };
  return db.transaction(async (tx) => {
    const ids = lines.map((l) => l.id);
    await takeBankLines(tx, m, bankId, ids);
    const [batch] = await queryRows<{ id: number }>(
      tx,
      sql`insert into bank_rule_batches (organization_id, bank_account_id, entries, money_in, money_out, created_by)
          values (${m.organizationId}, ${bankId}, ${lines.length}, ${totals.money_in}::numeric, ${totals.money_out}::numeric, ${m.userId})
          returning id`,
    );
    const batchId = Number(batch!.id);
    const items = lines.map((l) => ({
      id: l.id,
      accountId: l.proposal.account_id,
      taxCodeId: l.proposal.tax_code_id,
      description: l.proposal.memo ?? undefined,
    }));
    const { entryIds } = await postLines(tx, m, account, items);
    await tx.execute(
      sql`insert into bank_rule_batch_entries (batch_id, organization_id, journal_entry_id)
          select ${batchId}::integer, ${m.organizationId}::integer, e.id from unnest(${pgArray(entryIds)}::integer[]) as e(id)`,
    );
    await recordAudit(tx, actor, {
      action: "bank_rule_batch.posted",
      targetType: "bank_account",
      targetId: bankId,
      after: { batch_id: batchId, entries: lines.length, ...totals },
    });
    return { batch_id: batchId, entries: lines.length, ...totals };
  });
}

const personName = (alias: string) =>
  sql.raw(`coalesce(nullif(btrim(coalesce(${alias}.first_name, '') || ' ' || coalesce(${alias}.last_name, '')), ''), ${alias}.email)`);

async function batches(db: Db, m: Membership, id?: number): Promise<RuleBatch[]> {
  const rows = await queryRows<RuleBatch>(
    db,
    sql`select b.id, b.bank_account_id, ba.name as bank_account, ba.currency, b.entries, b.money_in::text, b.money_out::text,
               ${personName("cu")} as created_by, b.created_at::text, ${personName("uu")} as undone_by, b.undone_at::text,
               (select count(*) from bank_rule_batch_entries be
                  join journal_entry_lines l on l.journal_entry_id = be.journal_entry_id
                  join bank_match_ledger_lines ml on ml.journal_entry_line_id = l.id
                  join bank_matches bm on bm.id = ml.match_id
                 where be.batch_id = b.id and bm.reconciliation_id is not null)::integer as reconciled,
               (select count(*) from bank_rule_batch_entries be join journal_entries e on e.id = be.journal_entry_id
                 where be.batch_id = b.id and e.reversed_by is not null)::integer as reversed
          from bank_rule_batches b join bank_accounts ba on ba.id = b.bank_account_id
          left join users cu on cu.id = b.created_by left join users uu on uu.id = b.undone_by
         where b.organization_id = ${m.organizationId} ${id === undefined ? sql`` : sql`and b.id = ${id}`}
         order by b.id desc limit ${BATCHES_LISTED}`,
  );
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    bank_account_id: Number(r.bank_account_id),
    entries: Number(r.entries),
    reconciled: Number(r.reconciled),
    reversed: Number(r.reversed),
  }));
}

/** The newest batches the rules posted, with whether each can still be undone. */
export const listRuleBatches = (db: Db, m: Membership): Promise<RuleBatch[]> => batches(db, m);

/**
 * Undoes a batch in one transaction: every entry of it not reversed yet is reversed on its own date (the journal
 * keeps both), so its statement lines are to match again; refused whole (409) while any of them is reconciled.
 */
export async function undoRuleBatch(db: Db, m: Membership, actor: AuditActor, batchId: number): Promise<RuleBatchUndone> {
  return db.transaction(async (tx) => {
    const [batch] = await queryRows<{ bank_account_id: number; undone_at: string | null }>(
      tx,
      sql`select bank_account_id, undone_at::text from bank_rule_batches
           where organization_id = ${m.organizationId} and id = ${batchId} for update`,
    );
    if (!batch) throw notFound("Batch");
    if (batch.undone_at !== null) throw conflict("This batch is already undone");
    // A reconciliation being finished holds the account (FOR UPDATE): the undo waits for it, then sees what it locked.
    await tx.execute(sql`select 1 from bank_accounts where id = ${batch.bank_account_id} for share`);
    const reconciled = await queryRows<{ booked_on: string; description: string }>(
      tx,
      sql`select bl.booked_on::text, bl.description from bank_rule_batch_entries be
            join journal_entry_lines l on l.journal_entry_id = be.journal_entry_id
            join bank_match_ledger_lines ml on ml.journal_entry_line_id = l.id
            join bank_matches bm on bm.id = ml.match_id
            join bank_lines bl on bl.match_id = bm.id
           where be.batch_id = ${batchId} and bm.reconciliation_id is not null
           order by bl.booked_on, bl.id`,
    );
    if (reconciled.length > 0) {
      const first = reconciled[0]!;
      const count = reconciled.length === 1 ? "One statement line" : `${reconciled.length} statement lines`;
      throw conflict(
        `${count} of this batch ${reconciled.length === 1 ? "is" : "are"} reconciled (the first: ${first.booked_on} · ${first.description}): undo that reconciliation first. Nothing was undone.`,
      );
    }
    const open = await queryRows<{ id: number }>(
      tx,
      sql`select e.id from bank_rule_batch_entries be join journal_entries e on e.id = be.journal_entry_id
           where be.batch_id = ${batchId} and e.reversed_by is null order by e.entry_date, e.id`,
    );
    let reversed: number;
    try {
      reversed = await reverseEntries(
        tx,
        m,
        open.map((e) => Number(e.id)),
      );
    } catch (err) {
      if (err instanceof BooksLockedError)
        throw conflict(
          `The books are locked ${lockedUpTo(err.lockDate)} and entries of this batch are dated in that period: they cannot be reversed`,
        );
      if (sqlState(err) === "23001")
        throw conflict("A statement line of this batch was reconciled meanwhile: undo that reconciliation first");
      throw err;
    }
    await tx.execute(sql`update bank_rule_batches set undone_at = now(), undone_by = ${m.userId} where id = ${batchId}`);
    await recordAudit(tx, actor, {
      action: "bank_rule_batch.undone",
      targetType: "bank_account",
      targetId: batch.bank_account_id,
      after: { batch_id: batchId, reversed },
    });
    return { batch: (await batches(tx, m, batchId))[0]!, reversed };
  });
}
