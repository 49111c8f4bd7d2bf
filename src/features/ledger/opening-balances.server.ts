import { sql } from "drizzle-orm";
import { insertChartAccounts } from "./chart.tables.ts";
import { queryRows, type Db } from "~/server/db/client.ts";
import { invalidInput } from "~/server/http/app-error.ts";
import type { OpeningBalancesInput } from "./ledger.schema.ts";
import type { EntrySummary, OpeningBalances } from "./ledger.types.ts";
import { refusingLocked } from "./ledger-errors.server.ts";
import { createEntry, postEntry, reverseEntry } from "./journal-entries.server.ts";
import { centsToDecimal, toCents } from "~/lib/money.ts";
import type { Membership } from "~/features/tenancy/tenancy.types.ts";

/** The account that takes what the opening balances leave unbalanced (created on first use). */
export const OPENING_EQUITY_NAME = "Opening Balance Equity";
const OPENING_EQUITY_CODE = "3900";

export async function equityAccountId(db: Db, m: Membership): Promise<number | null> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`select id from chart_of_accounts
         where organization_id = ${m.organizationId} and account_name = ${OPENING_EQUITY_NAME} and account_type = 'Equity'
         order by is_active desc, id limit 1`,
  );
  return row ? Number(row.id) : null;
}

/** The Opening Balance Equity account, active: found by name, or created with code 3900 (or the next free 39xx). */
async function ensureEquityAccount(db: Db, m: Membership): Promise<number> {
  const found = await equityAccountId(db, m);
  if (found !== null) {
    await db.execute(sql`update chart_of_accounts set is_active = true where id = ${found} and not is_active`);
    return found;
  }
  const [row] = await queryRows<{ id: number }>(
    db,
    insertChartAccounts(
      sql`select ${m.organizationId}, code, ${OPENING_EQUITY_NAME}, 'Equity', null, null::integer, ${m.userId}
            from (select ${OPENING_EQUITY_CODE} as code union all select (3900 + g)::text from generate_series(1, 99) g) c
           where not exists (select 1 from chart_of_accounts a where a.organization_id = ${m.organizationId} and a.account_code = c.code)
           order by code limit 1
          returning id`,
    ),
  );
  if (!row) {
    const message = "No free account code from 3900 to 3999 for Opening Balance Equity";
    throw invalidInput({ lines: message }, message);
  }
  return Number(row.id);
}

/** The organization's opening balances as last saved (the opening entry's lines, Opening Balance Equity apart). */
export async function readOpeningBalances(db: Db, m: Membership): Promise<OpeningBalances> {
  const equity = await equityAccountId(db, m);
  const [head] = await queryRows<{ as_of: string; entry_id: number; entry_number: string }>(
    db,
    sql`select ob.as_of::text as as_of, e.id as entry_id, e.entry_number
          from opening_balances ob join journal_entries e on e.id = ob.journal_entry_id
         where ob.organization_id = ${m.organizationId}`,
  );
  if (!head) return { as_of: null, entry_id: null, entry_number: null, equity_account_id: equity, lines: [] };
  const lines = await queryRows<OpeningBalances["lines"][number]>(
    db,
    sql`select account_id, debit_amount::text as debit_amount, credit_amount::text as credit_amount
          from journal_entry_lines
         where journal_entry_id = ${head.entry_id} and organization_id = ${m.organizationId}
           and account_id is distinct from ${equity}
         order by line_no`,
  );
  return { as_of: head.as_of, entry_id: Number(head.entry_id), entry_number: head.entry_number, equity_account_id: equity, lines };
}

/**
 * Posts the opening entry: one line per account with a balance, and Opening Balance Equity for the difference. When
 * opening balances were saved before, their entry is reversed (on its own date) in the same transaction, so the
 * books hold exactly the balances entered now; the journal's audit keeps both.
 */
export async function saveOpeningBalances(
  db: Db,
  m: Membership,
  input: OpeningBalancesInput,
): Promise<{ entry: EntrySummary; replaced: string | null }> {
  // A date in the locked period (the new one, or the date of the entry it replaces) is told on the date field.
  return refusingLocked(
    () =>
      db.transaction(async (tx) => {
        // One save at a time per organization.
        await tx.execute(sql`select 1 from organizations where id = ${m.organizationId} for update`);
        const active = new Set(
          (
            await queryRows<{ id: number }>(
              tx,
              sql`select id from chart_of_accounts where organization_id = ${m.organizationId} and is_active`,
            )
          ).map((a) => Number(a.id)),
        );
        const equity = await ensureEquityAccount(tx, m);
        const seen = new Set<number>();
        const lines: { account_id: number; debit_amount: string; credit_amount: string; description: null }[] = [];
        let difference = 0n;
        for (const [i, l] of input.lines.entries()) {
          const debit = toCents(l.debit_amount)!;
          const credit = toCents(l.credit_amount)!;
          if (debit === 0n && credit === 0n) continue;
          const refuse = (message: string) => invalidInput({ [`lines.${i}.account_id`]: message }, message);
          if (!active.has(l.account_id) || l.account_id === equity) throw refuse("Account not found or inactive");
          if (seen.has(l.account_id)) throw refuse("Each account has one opening balance");
          seen.add(l.account_id);
          difference += debit - credit;
          lines.push({
            account_id: l.account_id,
            debit_amount: centsToDecimal(debit),
            credit_amount: centsToDecimal(credit),
            description: null,
          });
        }
        if (difference !== 0n)
          lines.push({
            account_id: equity,
            debit_amount: centsToDecimal(difference < 0n ? -difference : 0n),
            credit_amount: centsToDecimal(difference > 0n ? difference : 0n),
            description: null,
          });

        const [previous] = await queryRows<{ id: number; entry_number: string; entry_date: string; reversed_by: number | null }>(
          tx,
          sql`select e.id, e.entry_number, e.entry_date::text as entry_date, e.reversed_by
            from opening_balances ob join journal_entries e on e.id = ob.journal_entry_id
           where ob.organization_id = ${m.organizationId}`,
        );
        if (previous && previous.reversed_by === null) await reverseEntry(tx, m, Number(previous.id), previous.entry_date);

        const draft = await createEntry(tx, m, {
          description: `Opening balances as of ${input.as_of}`,
          entry_date: input.as_of,
          reference: "Opening balances",
          lines,
        });
        const entry = await postEntry(tx, m, draft.id);
        await tx.execute(
          sql`insert into opening_balances (organization_id, journal_entry_id, as_of, updated_by)
          values (${m.organizationId}, ${entry.id}, ${input.as_of}::date, ${m.userId})
          on conflict (organization_id) do update
            set journal_entry_id = excluded.journal_entry_id, as_of = excluded.as_of,
                updated_by = excluded.updated_by, updated_at = now()`,
        );
        return { entry, replaced: previous?.entry_number ?? null };
      }),
    "as_of",
  );
}
