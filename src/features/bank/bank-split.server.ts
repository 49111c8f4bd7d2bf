import { sql } from "drizzle-orm";
import { queryRows, type Db, pgArray } from "~/server/db/client.ts";
import { invalidInput } from "~/server/http/app-error.ts";
import { centsToDecimal, toCents } from "~/lib/money.ts";
import type { Membership } from "~/features/tenancy/tenancy.types.ts";
import type { SplitInput } from "./bank.schema.ts";
import { getBankAccount } from "./bank-accounts.server.ts";
import { postLines, takeBankLines } from "./bank-matching.server.ts";

/*
 * One statement line categorized over several accounts and tax codes (decision 112): one posted entry, the bank side
 * first, one line per row (its amount gross, its tax taken out when it names a code), then the tax lines; matched to
 * the statement line at once, in one transaction.
 */

/** Each row's account an active account of the organization and not the bank's own; a 400 naming the first row that is not. */
async function checkAccounts(tx: Db, m: Membership, bankAccountId: number, input: SplitInput): Promise<void> {
  const ids = input.splits.map((s) => s.account_id);
  const found = await queryRows<{ id: number }>(
    tx,
    sql`select id from chart_of_accounts where organization_id = ${m.organizationId} and is_active and id = any(${pgArray(ids)}::integer[])`,
  );
  const active = new Set(found.map((r) => Number(r.id)));
  for (const [i, s] of input.splits.entries()) {
    const key = `splits.${i}.account_id`;
    if (s.account_id === bankAccountId) {
      const message = "Choose the other side of the transaction, not the bank's own account";
      throw invalidInput({ [key]: message }, `${key}: ${message}`);
    }
    if (!active.has(s.account_id)) throw invalidInput({ [key]: "Account not found or inactive" }, `${key}: Account not found or inactive`);
  }
}

/** Posts one statement line split over the rows given; the rows must add up to the line's amount to the cent. */
export async function splitLine(
  db: Db,
  m: Membership,
  bankId: number,
  input: SplitInput,
): Promise<{ entries: number; match_ids: number[] }> {
  const account = await getBankAccount(db, m, bankId);
  return db.transaction(async (tx) => {
    await checkAccounts(tx, m, account.account_id, input);
    const lineCents = await takeBankLines(tx, m, bankId, [input.bank_line_id]);
    if (lineCents === 0n) throw invalidInput({ bank_line_id: "A line of 0.00 has nothing to post: match it instead" });
    const whole = lineCents < 0n ? -lineCents : lineCents;
    const parts = input.splits.map((s) => ({
      accountId: s.account_id,
      cents: toCents(s.amount)!,
      taxCodeId: s.tax_code_id ?? null,
      description: s.description || undefined,
    }));
    const sum = parts.reduce((total, p) => total + p.cents, 0n);
    if (sum !== whole) {
      const diff = whole - sum;
      const message =
        `The rows add up to ${centsToDecimal(sum)} and the statement line is ${centsToDecimal(whole)}: ` +
        `${centsToDecimal(diff < 0n ? -diff : diff)} ${diff > 0n ? "is left to split" : "too much"}`;
      throw invalidInput({ splits: message }, message);
    }
    const items = [{ id: input.bank_line_id, accountId: parts[0]!.accountId, description: input.description, parts }];
    const { matchIds } = await postLines(tx, m, account, items, (part, field) => `splits.${part}.${field}`);
    return { entries: matchIds.length, match_ids: matchIds };
  });
}
