import { centsToDecimal, toCents } from "~/lib/money.ts";
import { balanceCents, type AccountType } from "./account-types.ts";

/** The account the year's income is closed into (found by this name among the equity accounts, or created). */
export const RETAINED_EARNINGS_NAME = "Retained Earnings";
export const CLOSING_REFERENCE = "Year-end close";

/** A fiscal year, named by the calendar year it ends in: with a July start, FY2026 runs 2025-07-01 to 2026-06-30. */
export interface FiscalYear {
  fiscal_year: number;
  start: string;
  end: string;
  label: string;
}

const pad = (n: number) => String(n).padStart(2, "0");

export function fiscalYear(startMonth: number, fy: number): FiscalYear {
  if (startMonth === 1) return { fiscal_year: fy, start: `${fy}-01-01`, end: `${fy}-12-31`, label: String(fy) };
  const endMonth = startMonth - 1;
  const lastDay = new Date(Date.UTC(fy, endMonth, 0)).getUTCDate();
  const start = `${fy - 1}-${pad(startMonth)}-01`;
  const end = `${fy}-${pad(endMonth)}-${pad(lastDay)}`;
  return { fiscal_year: fy, start, end, label: `FY${fy} (${start} to ${end})` };
}

/** The fiscal year a date falls in. */
export function fiscalYearOf(startMonth: number, date: string): number {
  const [y, m] = date.split("-").map(Number) as [number, number];
  return startMonth === 1 || m < startMonth ? y : y + 1;
}

/** The last fiscal year that has ended by `today` (the one a bookkeeper closes next). */
export function lastEndedFiscalYear(startMonth: number, today: string): number {
  const current = fiscalYearOf(startMonth, today);
  return fiscalYear(startMonth, current).end < today ? current : current - 1;
}

/** An account's posted totals in the year (revenue and expense accounts). */
export interface YearTotals {
  account_id: number;
  account_code: string;
  account_name: string;
  account_type: AccountType;
  debit_total: string;
  credit_total: string;
}

export interface ClosingLine {
  account_id: number;
  debit_amount: string;
  credit_amount: string;
  description: null;
}

/** What the closing entry moves: each account's balance for the year (type's sign rule) and the net income. */
export interface ClosingPlan {
  accounts: (Omit<YearTotals, "debit_total" | "credit_total"> & { balance: string })[];
  net_income: string;
  /** The entry's lines, Retained Earnings last (absent when the net income is zero). */
  lines: ClosingLine[];
}

const cents = (s: string) => toCents(s)!;

/**
 * The closing entry of a year: each revenue and expense account's net for the year on the other side, so it ends the
 * year at zero, and the difference (the net income: a credit, or a debit for a loss) to Retained Earnings.
 */
export function closingPlan(totals: YearTotals[], retainedEarningsId: number): ClosingPlan {
  const accounts: ClosingPlan["accounts"] = [];
  const lines: ClosingLine[] = [];
  let net = 0n; // debits - credits of the year's revenue and expenses: a loss when positive
  for (const t of [...totals].sort((a, b) => (a.account_code < b.account_code ? -1 : a.account_code > b.account_code ? 1 : 0))) {
    if (t.account_type !== "Revenue" && t.account_type !== "Expense") continue;
    const d = cents(t.debit_total) - cents(t.credit_total);
    if (d === 0n) continue;
    net += d;
    const { debit_total: _d, credit_total: _c, ...account } = t;
    accounts.push({ ...account, balance: centsToDecimal(balanceCents(t.account_type, cents(t.debit_total), cents(t.credit_total))) });
    lines.push({
      account_id: t.account_id,
      debit_amount: centsToDecimal(d < 0n ? -d : 0n),
      credit_amount: centsToDecimal(d > 0n ? d : 0n),
      description: null,
    });
  }
  if (net !== 0n)
    lines.push({
      account_id: retainedEarningsId,
      debit_amount: centsToDecimal(net > 0n ? net : 0n),
      credit_amount: centsToDecimal(net < 0n ? -net : 0n),
      description: null,
    });
  return { accounts, net_income: centsToDecimal(-net), lines };
}

/**
 * A period's totals without the closing entries posted in it (and their reversals): a profit and loss shows the year's
 * income, not the close that moved it to Retained Earnings. `closing` holds, per account, the closing lines' sums.
 */
export function withoutClosingEntries<T extends { account_id: number; debit_total: string; credit_total: string }>(
  totals: T[],
  closing: Map<number, { debit: string; credit: string }>,
): T[] {
  if (closing.size === 0) return totals;
  return totals.map((t) => {
    const c = closing.get(t.account_id);
    if (!c) return t;
    return {
      ...t,
      debit_total: centsToDecimal(cents(t.debit_total) - cents(c.debit)),
      credit_total: centsToDecimal(cents(t.credit_total) - cents(c.credit)),
    };
  });
}
