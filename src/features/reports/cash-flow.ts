import type { CsvCell } from "~/lib/csv.ts";
import { csvAmount } from "~/lib/csv.ts";
import type { AccountDetailType } from "~/features/ledger/index.ts";
import { centsToDecimal, toCents } from "~/lib/money.ts";
import type { AccountType } from "~/features/ledger/index.ts";

/**
 * The statement of cash flows, indirect method (decision 097). Every posted entry balances, so over a period the change
 * in cash equals minus the change of every other account; the statement sorts those changes into sections, and so
 * reconciles to the change in cash by construction (the year-end closing entries are left out of the period, which
 * moves nothing between sections: their revenue, expense and Retained Earnings lines cancel out).
 *
 * - Cash: Asset accounts tied to a bank account, and current-asset accounts whose name says cash, bank, checking,
 *   savings or petty cash (`isCashName`).
 * - Operating: the net income (revenue less expenses of the period), depreciation and amortization added back (the
 *   change of asset accounts named accumulated depreciation or amortization: the non-cash side of that expense), and
 *   the changes in working capital (other current assets, current liabilities).
 * - Investing: fixed and other assets. Financing: long-term liabilities and equity (contributions, draws, dividends).
 */
export interface CashFlowAccount {
  account_id: number;
  account_code: string;
  account_name: string;
  account_type: AccountType;
  detail_type: AccountDetailType;
  /** Posted in the period, the closing entries left out. */
  debit_total: string;
  credit_total: string;
  /** Posted before the period (cash accounts' opening balance). */
  opening_debit_total: string;
  opening_credit_total: string;
  is_cash: boolean;
}

export interface CashFlowLine {
  account_id: number;
  account_code: string;
  account_name: string;
  /** Cash in (positive) or out (negative) from the account's change. */
  amount: string;
}

export interface CashFlowReport {
  type: "cash_flows";
  start: string;
  end: string;
  net_income: string;
  depreciation: CashFlowLine[];
  working_capital: CashFlowLine[];
  total_operating: string;
  investing: CashFlowLine[];
  total_investing: string;
  financing: CashFlowLine[];
  total_financing: string;
  net_change: string;
  cash_start: string;
  cash_end: string;
  /** The cash accounts, each with its balance at the start and the end. */
  cash_accounts: (Omit<CashFlowLine, "amount"> & { start: string; end: string })[];
  empty: boolean;
}

const CASH_NAME = /\b(cash|bank|checking|chequing|savings|petty)\b/i;
const DEPRECIATION_NAME = /accumulated|depreciation|amortization|amortisation/i;

/** A current asset named like cash: "Cash", "Petty cash", "Bank - checking", "Savings account". */
export const isCashName = (name: string): boolean => CASH_NAME.test(name);

const cents = (s: string) => toCents(s)!;
const byCode = (a: { account_code: string }, b: { account_code: string }) =>
  a.account_code < b.account_code ? -1 : a.account_code > b.account_code ? 1 : 0;
const sum = (lines: { amount: string }[]) => lines.reduce((s, l) => s + cents(l.amount), 0n);

export function cashFlow(accounts: CashFlowAccount[], start: string, end: string): CashFlowReport {
  let netIncome = 0n;
  const depreciation: CashFlowLine[] = [];
  const workingCapital: CashFlowLine[] = [];
  const investing: CashFlowLine[] = [];
  const financing: CashFlowLine[] = [];
  const cashAccounts: CashFlowReport["cash_accounts"] = [];
  let cashStart = 0n;
  let cashEnd = 0n;
  for (const a of [...accounts].sort(byCode)) {
    const change = cents(a.debit_total) - cents(a.credit_total); // net debit of the period
    const line = { account_id: a.account_id, account_code: a.account_code, account_name: a.account_name, amount: centsToDecimal(-change) };
    if (a.account_type === "Revenue" || a.account_type === "Expense") netIncome -= change;
    else if (a.is_cash) {
      const opening = cents(a.opening_debit_total) - cents(a.opening_credit_total);
      cashStart += opening;
      cashEnd += opening + change;
      cashAccounts.push({ ...line, start: centsToDecimal(opening), end: centsToDecimal(opening + change) });
    } else if (change === 0n) continue;
    else if (a.account_type === "Asset" && DEPRECIATION_NAME.test(a.account_name)) depreciation.push(line);
    else if (a.detail_type === "current_asset" || a.detail_type === "current_liability") workingCapital.push(line);
    else if (a.detail_type === "fixed_asset" || a.detail_type === "other_asset") investing.push(line);
    else financing.push(line);
  }
  const operating = netIncome + sum(depreciation) + sum(workingCapital);
  const net = operating + sum(investing) + sum(financing);
  return {
    type: "cash_flows",
    start,
    end,
    net_income: centsToDecimal(netIncome),
    depreciation,
    working_capital: workingCapital,
    total_operating: centsToDecimal(operating),
    investing,
    total_investing: centsToDecimal(sum(investing)),
    financing,
    total_financing: centsToDecimal(sum(financing)),
    net_change: centsToDecimal(net),
    cash_start: centsToDecimal(cashStart),
    cash_end: centsToDecimal(cashEnd),
    cash_accounts: cashAccounts,
    empty: accounts.every((a) => a.debit_total === a.credit_total && (!a.is_cash || a.opening_debit_total === a.opening_credit_total)),
  };
}

export const CASH_FLOW_CSV_COLUMNS = ["Section", "Account Code", "Account Name", "Amount"] as const;

/** The CSV's records: each section's lines and total, then the net change and the cash at the start and the end. */
export function cashFlowCsvRecords(r: CashFlowReport): CsvCell[][] {
  const rows: CsvCell[][] = [["Operating", "", "Net income", csvAmount(r.net_income)]];
  const lines = (section: string, ls: CashFlowLine[]) =>
    ls.forEach((l) => rows.push([section, l.account_code, l.account_name, csvAmount(l.amount)]));
  lines("Operating", r.depreciation);
  lines("Operating", r.working_capital);
  rows.push(["Operating", "", "Net cash from operating activities", csvAmount(r.total_operating)]);
  lines("Investing", r.investing);
  rows.push(["Investing", "", "Net cash from investing activities", csvAmount(r.total_investing)]);
  lines("Financing", r.financing);
  rows.push(["Financing", "", "Net cash from financing activities", csvAmount(r.total_financing)]);
  rows.push(["", "", "Net change in cash", csvAmount(r.net_change)]);
  rows.push(["", "", `Cash at ${r.start} (start)`, csvAmount(r.cash_start)]);
  rows.push(["", "", `Cash at ${r.end} (end)`, csvAmount(r.cash_end)]);
  return rows;
}

/** The Reports screen's type for the statement of cash flows (served by its own route, beside REPORT_TYPES). */
export const CASH_FLOWS = "cash_flows" as const;
export const CASH_FLOWS_LABEL = "Cash Flows";
