import { sql } from "drizzle-orm";
import { queryRows, type Db } from "~/server/db/client.ts";
import { recordAudit, type AuditActor } from "~/server/audit.server.ts";
import { conflict, invalidInput } from "~/server/http/app-error.ts";
import { notFound, sqlState } from "~/features/ledger/index.server.ts";
import type { BankAccountInput } from "./bank.schema.ts";
import type { BankAccount } from "./bank.types.ts";
import type { Membership } from "~/features/tenancy/tenancy.types.ts";

/* An organization's bank and card accounts, each tied to one ledger account of its chart (decision 092). */

const columns = sql`b.id, b.name, b.kind, b.account_id, a.account_code, a.account_name, b.currency, b.number,
  (select count(*) from bank_lines l where l.bank_account_id = b.id and l.match_id is null and l.excluded_at is null)::integer as unmatched,
  (select count(*) from bank_lines l where l.bank_account_id = b.id and l.excluded_at is null)::integer as lines,
  (select count(*) from bank_lines l where l.bank_account_id = b.id and l.excluded_at is not null)::integer as excluded,
  (select coalesce(sum(t.debit_total - t.credit_total), 0) from account_day_totals t
    where t.organization_id = b.organization_id and t.account_id = b.account_id)::text as book_balance,
  (select max(r.statement_date)::text from bank_reconciliations r where r.bank_account_id = b.id and r.undone_at is null) as reconciled_to`;

const shape = (r: BankAccount): BankAccount => ({
  ...r,
  id: Number(r.id),
  account_id: Number(r.account_id),
  unmatched: Number(r.unmatched),
  lines: Number(r.lines),
  excluded: Number(r.excluded),
});

export async function listBankAccounts(db: Db, m: Membership): Promise<BankAccount[]> {
  const rows = await queryRows<BankAccount>(
    db,
    sql`select ${columns} from bank_accounts b join chart_of_accounts a on a.id = b.account_id
         where b.organization_id = ${m.organizationId} order by b.name, b.id`,
  );
  return rows.map(shape);
}

export async function getBankAccount(db: Db, m: Membership, id: number): Promise<BankAccount> {
  const [row] = await queryRows<BankAccount>(
    db,
    sql`select ${columns} from bank_accounts b join chart_of_accounts a on a.id = b.account_id
         where b.organization_id = ${m.organizationId} and b.id = ${id}`,
  );
  if (!row) throw notFound("Bank account");
  return shape(row);
}

/** A bank account needs an active Asset account; a card an active Liability account. Both in the books' currency. */
async function checkInput(db: Db, m: Membership, input: BankAccountInput): Promise<void> {
  const [account] = await queryRows<{ account_type: string; is_active: boolean }>(
    db,
    sql`select account_type, is_active from chart_of_accounts where organization_id = ${m.organizationId} and id = ${input.account_id}`,
  );
  const wanted = input.kind === "card" ? "Liability" : "Asset";
  if (!account || !account.is_active) throw invalidInput({ account_id: "Account not found or inactive" });
  if (account.account_type !== wanted)
    throw invalidInput({
      account_id: `A ${input.kind === "card" ? "card" : "bank account"} is kept in a${wanted === "Asset" ? "n" : ""} ${wanted} account`,
    });
  if (input.currency && input.currency !== m.currency)
    throw invalidInput({
      currency: `These books are kept in ${m.currency}: a bank account in ${input.currency} cannot be kept in them yet`,
    });
}

const taken = () => invalidInput({ account_id: "Another bank account already uses this ledger account" });

export async function createBankAccount(db: Db, m: Membership, actor: AuditActor, input: BankAccountInput): Promise<BankAccount> {
  return db.transaction(async (tx) => {
    await checkInput(tx, m, input);
    let id: number;
    try {
      const [row] = await queryRows<{ id: number }>(
        tx,
        sql`insert into bank_accounts (organization_id, name, kind, account_id, currency, number, created_by)
            values (${m.organizationId}, ${input.name}, ${input.kind}, ${input.account_id}, ${m.currency}, ${input.number || null}, ${m.userId})
            returning id`,
      );
      id = Number(row!.id);
    } catch (err) {
      if (sqlState(err) === "23505") throw taken();
      throw err;
    }
    await recordAudit(tx, actor, {
      action: "bank_account.created",
      targetType: "bank_account",
      targetId: id,
      after: { ...input, currency: m.currency },
    });
    return getBankAccount(tx, m, id);
  });
}

export async function updateBankAccount(
  db: Db,
  m: Membership,
  actor: AuditActor,
  id: number,
  input: BankAccountInput,
): Promise<BankAccount> {
  return db.transaction(async (tx) => {
    const before = await getBankAccount(tx, m, id);
    if (before.account_id !== input.account_id) {
      const [used] = await queryRows(tx, sql`select 1 from bank_matches where bank_account_id = ${id} limit 1`);
      if (used) throw conflict("This account's statement lines are matched to its ledger account: its ledger account stays");
    }
    await checkInput(tx, m, input);
    try {
      await tx.execute(
        sql`update bank_accounts set name = ${input.name}, kind = ${input.kind}, account_id = ${input.account_id},
                   currency = ${m.currency}, number = ${input.number || null}
             where organization_id = ${m.organizationId} and id = ${id}`,
      );
    } catch (err) {
      if (sqlState(err) === "23505") throw taken();
      throw err;
    }
    const { name, kind, account_id, currency, number } = before;
    await recordAudit(tx, actor, {
      action: "bank_account.updated",
      targetType: "bank_account",
      targetId: id,
      before: { name, kind, account_id, currency, number },
      after: { ...input, currency: m.currency },
    });
    return getBankAccount(tx, m, id);
  });
}
