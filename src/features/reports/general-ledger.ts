import type { CsvCell } from "~/lib/csv.ts";
import { csvAmount } from "~/lib/csv.ts";
import { formatCount } from "~/lib/format.ts";
import { MAX_PRINTED_LINES } from "./report-print.ts";
import type { AccountType } from "~/features/ledger/index.ts";

/** Lines on one page of the general ledger. */
export const GL_PAGE_SIZE = 500;
/** Other accounts named on a line before it is called a split with the rest counted. */
export const GL_COUNTER_NAMES = 3;

/** One posted line of the account, with the entry it belongs to and the balance after it. */
export interface GeneralLedgerLine {
  journal_entry_id: number;
  entry_number: string;
  entry_date: string;
  description: string;
  line_description: string | null;
  /** The line's tax code (decision 112): a taxed line's or a tax line's; null for none. */
  tax_code: string | null;
  /** The other accounts of the entry ("code name"), at most GL_COUNTER_NAMES of them. */
  counter_accounts: string[];
  /** How many other accounts the entry has. */
  counter_count: number;
  debit_amount: string;
  credit_amount: string;
  /** The balance after this line, by the account type's sign rule. */
  balance: string;
  /** This line's position, to ask for the lines after it. */
  cursor: string;
}

export interface GeneralLedger {
  account: { id: number; account_code: string; account_name: string; account_type: AccountType };
  start: string;
  end: string;
  /** The balance of everything posted before the start date. */
  opening_balance: string;
  /** The period's posted debits and credits. */
  debit_total: string;
  credit_total: string;
  /** The balance at the end date (the trial balance's closing balance of the account). */
  closing_balance: string;
  /** The balance before the first line of this page. */
  page_opening_balance: string;
  lines: GeneralLedgerLine[];
  /** The cursor of the next page, or null on the last. */
  next: string | null;
}

/** "1000 Cash", "Split: 4000 Sales, 2200 VAT" or "Split: 4000 Sales, 2200 VAT, 5000 Rent and 2 more"; "" for none. */
export function counterLabel(l: Pick<GeneralLedgerLine, "counter_accounts" | "counter_count">): string {
  if (l.counter_count === 0) return "";
  if (l.counter_count === 1) return l.counter_accounts[0] ?? "";
  const more = l.counter_count - l.counter_accounts.length;
  return `Split: ${l.counter_accounts.join(", ")}${more > 0 ? ` and ${more} more` : ""}`;
}

export const GL_CSV_COLUMNS = ["Date", "Entry", "Description", "Counter Account", "Tax", "Debit", "Credit", "Balance"] as const;

const amount = (d: string) => (d === "0.00" ? "" : csvAmount(d));

/** The CSV's records of a ledger: opening balance, the lines (every page given, in order), closing balance. */
export function generalLedgerCsvRecords(
  ledger: Omit<GeneralLedger, "lines" | "next" | "page_opening_balance">,
  lines: GeneralLedgerLine[],
) {
  const records: CsvCell[][] = [[ledger.start, "", "Opening balance", "", "", "", "", csvAmount(ledger.opening_balance)]];
  for (const l of lines)
    records.push([
      l.entry_date,
      l.entry_number,
      l.line_description || l.description,
      counterLabel(l),
      l.tax_code ?? "",
      amount(l.debit_amount),
      amount(l.credit_amount),
      csvAmount(l.balance),
    ]);
  records.push([
    ledger.end,
    "",
    "Closing balance",
    "",
    "",
    csvAmount(ledger.debit_total),
    csvAmount(ledger.credit_total),
    csvAmount(ledger.closing_balance),
  ]);
  return records;
}

export const GL_ALL_CSV_COLUMNS = ["Account", ...GL_CSV_COLUMNS] as const;

/** The CSV's records of every account's ledger: each account's records (`generalLedgerCsvRecords`) led by its name. */
export function generalLedgersCsvRecords(
  ledgers: { ledger: Omit<GeneralLedger, "lines" | "next" | "page_opening_balance">; lines: GeneralLedgerLine[] }[],
) {
  return ledgers.flatMap(({ ledger, lines }) => {
    const account = `${ledger.account.account_code} ${ledger.account.account_name}`;
    return generalLedgerCsvRecords(ledger, lines).map((record): CsvCell[] => [account, ...record]);
  });
}

/** Why the ledger of all accounts is not downloaded (PDF or CSV): more lines in the period than MAX_PRINTED_LINES. */
export const ALL_ACCOUNTS_TOO_LONG =
  `All accounts have more than ${formatCount(MAX_PRINTED_LINES)} lines in this period; a download of all accounts holds at most ` +
  `${formatCount(MAX_PRINTED_LINES)}. Choose a shorter period, or download one account at a time.`;

/** What the screen says instead of offering the PDF of an account with more lines in the period than a PDF holds. */
export const ACCOUNT_TOO_LONG_TO_PRINT =
  `This account has more than ${formatCount(MAX_PRINTED_LINES)} lines in the period, more than a PDF holds: ` +
  "download the CSV, or choose a shorter period to print.";

/** `general_ledger_1000_2026-01-01_2026-01-31.csv`; `general_ledger_all_…` for every account. */
export function generalLedgerFileName(code: string, start: string, end: string): string {
  return `general_ledger_${code.replace(/[^A-Za-z0-9.-]/g, "_")}_${start}_${end}.csv`;
}

/** The first and last day of the month of a date: the ledger's default period. */
export function monthOf(date: string): { start: string; end: string } {
  const [y, m] = date.split("-").map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const mm = String(m).padStart(2, "0");
  return { start: `${y}-${mm}-01`, end: `${y}-${mm}-${String(last).padStart(2, "0")}` };
}
