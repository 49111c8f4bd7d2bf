import { sql } from "drizzle-orm";
import { addDays } from "~/lib/format.ts";
import { queryRows, type Db, pgArray } from "~/server/db/client.ts";
import { invalidInput } from "~/server/http/app-error.ts";
import { timeSlices } from "~/server/time-slices.ts";
import type { BankAccount, LikelyDuplicate, StatementAccountCheck } from "./bank.types.ts";
import { centsToDecimal } from "~/lib/money.ts";
import { displayAccount, keepableNumber, sameAccount } from "./bank-statement-account.ts";
import type { ParsedStatement, StatementLine } from "./bank-statement.ts";

/*
 * What an import checks beyond the exact duplicates (decision 092, issue 38): lines of the file that look like lines
 * already in the account (the same transactions from a file in another format, with other texts), and the account the
 * file names against the bank account's number.
 */

/** Dates at most this many days apart, with the same amount, make a likely duplicate (a booking and a value date). */
export const LIKELY_DAYS = 3;
/** Most likely duplicates a preview lists (each with its decision); `keep` names at most as many. */
export const LIKELY_LISTED = 500;

type Existing = LikelyDuplicate["existing"];

/**
 * For each line of the file that is not already in the account (`known` keys) and corrects nothing: the line already
 * in the account it likely repeats: the same amount, booked at most 3 days apart, not excluded, and not itself the
 * exact duplicate of a line of this file. Each existing line stands for one line of the file at most: the pairs are
 * taken nearest date first, then in the file's order. Returns the file's line index → the existing line.
 */
export async function likelyDuplicates(
  db: Db,
  bankId: number,
  lines: readonly StatementLine[],
  keys: readonly string[],
  known: ReadonlySet<string>,
): Promise<Map<number, Existing>> {
  const open = lines.map((l, i) => ({ l, i })).filter(({ l, i }) => !known.has(keys[i]!) && !l.correction);
  if (open.length === 0) return new Map();
  const days = open.map(({ l }) => l.date).sort();
  const from = addDays(days[0]!, -LIKELY_DAYS);
  const to = addDays(days.at(-1)!, LIKELY_DAYS);
  const amounts = [...new Set(open.map(({ l }) => centsToDecimal(l.amountCents)))];
  const fileKeys = new Set(keys);
  // Existing lines by amount and day, oldest id first.
  const byDay = new Map<string, Existing[]>();
  const slices = timeSlices();
  for (let i = 0; i < amounts.length; i += 1000) {
    if (slices.due()) await slices.next();
    const rows = await queryRows<Existing & { dedupe_key: string }>(
      db,
      sql`select b.id, b.booked_on::text as date, b.amount::text, b.description, s.file_name, b.dedupe_key
            from bank_lines b join bank_statements s on s.id = b.statement_id
           where b.bank_account_id = ${bankId} and b.excluded_at is null
             and b.booked_on between ${from}::date and ${to}::date
             and b.amount = any(${pgArray(amounts.slice(i, i + 1000))}::numeric[])
           order by b.id`,
    );
    for (const { dedupe_key, ...r } of rows) {
      if (fileKeys.has(dedupe_key)) continue;
      const key = `${r.amount}|${r.date}`;
      const list = byDay.get(key) ?? [];
      list.push({ ...r, id: Number(r.id) });
      byDay.set(key, list);
    }
  }
  const found = new Map<number, Existing>();
  for (let d = 0; d <= LIKELY_DAYS; d += 1)
    for (const { l, i } of open) {
      if (slices.due()) await slices.next();
      if (found.has(i) || byDay.size === 0) continue;
      for (const offset of d === 0 ? [0] : [-d, d]) {
        const waiting = byDay.get(`${centsToDecimal(l.amountCents)}|${addDays(l.date, offset)}`);
        const taken = waiting?.shift();
        if (taken) {
          found.set(i, taken);
          break;
        }
      }
    }
  return found;
}

/** The account the chosen statements name (the first that names one). */
const fileAccount = (statements: readonly ParsedStatement[]) => statements.find((s) => s.account?.trim())?.account?.trim() ?? null;

/** The file's account against the bank account's number (see StatementAccountCheck). */
export function accountCheck(account: BankAccount, statements: readonly ParsedStatement[]): StatementAccountCheck {
  const file = fileAccount(statements);
  const bank = account.number?.trim() || null;
  if (file === null) return { file, bank, status: "unknown", message: null };
  if (bank === null)
    return keepableNumber(file)
      ? {
          file,
          bank,
          status: "stored",
          message: `This file is for account ${displayAccount(file)}: kept as this bank account's number on import.`,
        }
      : { file, bank, status: "unknown", message: null };
  if (sameAccount(file, bank)) return { file, bank, status: "same", message: null };
  return {
    file,
    bank,
    status: "different",
    message: `This file is for account ${displayAccount(file)}; this bank account is ${displayAccount(bank)}`,
  };
}

/** An import of a file naming another account goes ahead only when confirmed: a 400 naming confirm_account otherwise. */
export function assertAccountConfirmed(check: StatementAccountCheck, confirmed: boolean): void {
  if (check.status !== "different" || confirmed) return;
  const message = `${check.message}: confirm that it belongs here to import it`;
  throw invalidInput({ confirm_account: message }, message);
}
