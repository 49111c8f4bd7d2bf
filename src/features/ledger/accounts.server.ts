import { sql } from "drizzle-orm";
import { insertChartAccounts } from "./chart.tables.ts";
import { queryRows, type Db } from "~/server/db/client.ts";
import { conflict, invalidInput } from "~/server/http/app-error.ts";
import { notFound, parentRefusal, PARENT_REFUSED_STATE, sqlState } from "./ledger-errors.server.ts";
import type { AccountCreate, AccountUpdate } from "./ledger.schema.ts";
import { accountUsageMessage } from "./accounts.ts";
import { centsToDecimal, toCents } from "~/lib/money.ts";
import { balanceCents } from "./account-types.ts";
import type { Membership } from "~/features/tenancy/tenancy.types.ts";
import type { Account } from "./ledger.types.ts";
import type { AccountUsage } from "./ledger-answers.types.ts";

export type { Account };

const accountColumns = sql`id, account_code, account_name, account_type, detail_type, parent_id, is_active, created_at`;

/** The database's refusal of a parent (migration 0031: SQLSTATE ACPAR) as a 400 on the parent field. */
async function refusingParent<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (sqlState(err) !== PARENT_REFUSED_STATE) throw err;
    const message = parentRefusal(err);
    throw invalidInput({ [message.startsWith("An account with sub-accounts") ? "account_type" : "parent_id"]: message }, message);
  }
}

/** Active accounts of the organization, ordered by code; with `includeInactive`, the deleted ones too. */
export async function listAccounts(db: Db, m: Membership, includeInactive = false): Promise<Account[]> {
  const active = includeInactive ? sql`` : sql`and is_active`;
  return queryRows<Account>(
    db,
    sql`select ${accountColumns} from chart_of_accounts
         where organization_id = ${m.organizationId} ${active} order by account_code`,
  );
}

export async function createAccount(db: Db, m: Membership, input: AccountCreate): Promise<Account> {
  const [row] = await refusingParent(() =>
    queryRows<Account>(
      db,
      insertChartAccounts(
        sql`values (${m.organizationId}, ${input.account_code}, ${input.account_name}, ${input.account_type},
                    ${input.detail_type ?? null}, ${input.parent_id ?? null}, ${m.userId})
            on conflict (organization_id, account_code) do nothing
            returning ${accountColumns}`,
      ),
    ),
  );
  if (!row) {
    const [taken] = await queryRows<{ account_name: string; is_active: boolean }>(
      db,
      sql`select account_name, is_active from chart_of_accounts
           where organization_id = ${m.organizationId} and account_code = ${input.account_code}`,
    );
    if (taken && !taken.is_active) {
      const message = `Account code ${input.account_code} is already used by the deleted account ${taken.account_name}: reactivate it under Show inactive`;
      throw conflict(message, { account_code: message });
    }
    throw conflict(`Account code ${input.account_code} is already used by another account (deleted accounts keep their codes)`, {
      account_code: "Account code is already in use",
    });
  }
  return row;
}

export async function updateAccount(db: Db, m: Membership, id: number, input: AccountUpdate): Promise<Account> {
  // A detail type left out stays when it fits the type (else the database gives the type's default); so does the parent.
  const detail =
    input.detail_type === undefined
      ? sql`case when account_detail_type_fits(${input.account_type}, detail_type) then detail_type end`
      : sql`${input.detail_type}`;
  const parent = input.parent_id === undefined ? sql`parent_id` : sql`${input.parent_id}::integer`;
  const [row] = await refusingParent(() =>
    queryRows<Account>(
      db,
      sql`update chart_of_accounts
             set account_name = ${input.account_name}, account_type = ${input.account_type}, detail_type = ${detail}, parent_id = ${parent}
           where id = ${id} and organization_id = ${m.organizationId} and is_active
           returning ${accountColumns}`,
    ),
  );
  if (!row) throw notFound("Account");
  return row;
}

export async function accountUsage(db: Db, m: Membership, id: number): Promise<AccountUsage> {
  const [row] = await queryRows<Account & { debit: string; credit: string; posted_lines: number; draft_lines: number }>(
    db,
    sql`select ${accountColumns},
               (select coalesce(sum(t.debit_total), 0)::text from account_day_totals t
                 where t.organization_id = a.organization_id and t.account_id = a.id) as debit,
               (select coalesce(sum(t.credit_total), 0)::text from account_day_totals t
                 where t.organization_id = a.organization_id and t.account_id = a.id) as credit,
               (select count(*) filter (where e.status = 'posted')::int from journal_entry_lines l
                  join journal_entries e on e.id = l.journal_entry_id
                 where l.organization_id = a.organization_id and l.account_id = a.id) as posted_lines,
               (select count(*) filter (where e.status = 'draft')::int from journal_entry_lines l
                  join journal_entries e on e.id = l.journal_entry_id
                 where l.organization_id = a.organization_id and l.account_id = a.id) as draft_lines
          from chart_of_accounts a
         where a.id = ${id} and a.organization_id = ${m.organizationId}`,
  );
  if (!row) throw notFound("Account");
  const { debit, credit, posted_lines, draft_lines, ...account } = row;
  return {
    account,
    balance: centsToDecimal(balanceCents(account.account_type, toCents(debit)!, toCents(credit)!)),
    posted_lines: Number(posted_lines),
    draft_lines: Number(draft_lines),
  };
}

/**
 * Soft delete: the account leaves lists and pickers and keeps its history. An account that journal lines use
 * is deactivated only when the caller confirms it (`confirmed`), having been told its balance; otherwise 409.
 */
export async function deactivateAccount(db: Db, m: Membership, id: number, confirmed = false): Promise<void> {
  await db.transaction(async (tx) => {
    const [locked] = await queryRows<{ id: number }>(
      tx,
      sql`select id from chart_of_accounts where id = ${id} and organization_id = ${m.organizationId} and is_active for update`,
    );
    if (!locked) throw notFound("Account");
    if (!confirmed) {
      const usage = await accountUsage(tx, m, id);
      if (usage.posted_lines + usage.draft_lines > 0) {
        throw conflict(`${accountUsageMessage(usage, m.currency)} Confirm to delete it anyway.`, { confirm: "Confirmation required" });
      }
    }
    await tx.execute(sql`update chart_of_accounts set is_active = false where id = ${id} and organization_id = ${m.organizationId}`);
  });
}

/** Brings a deleted account back into lists and pickers. */
export async function reactivateAccount(db: Db, m: Membership, id: number): Promise<Account> {
  const [row] = await queryRows<Account>(
    db,
    sql`update chart_of_accounts set is_active = true
         where id = ${id} and organization_id = ${m.organizationId}
         returning ${accountColumns}`,
  );
  if (!row) throw notFound("Account");
  return row;
}
