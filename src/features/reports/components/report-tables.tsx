import { cn } from "~/ui/cn.ts";

import type { ReportRow, TrialBalanceReport, TrialBalanceRow } from "../reports.ts";
import { tdClass, thClass, ColumnHeads } from "~/ui/table.tsx";
import { useMoney } from "~/features/ledger/index.ts";

/**
 * Report tables are tables on wide screens and one card per account on narrow ones (below md, or below lg for
 * the wider trial balance): each cell then shows its column's name (data-label) beside its value, so no
 * column is ever off screen. The class lists are spelled out for each breakpoint so the stylesheet has them.
 */
const CARDS = {
  md: {
    table: "min-w-full divide-y divide-slate-200 max-md:block",
    thead: "bg-slate-50 max-md:hidden",
    body: "divide-y divide-slate-100 max-md:block",
    row: "max-md:block max-md:px-3 max-md:py-3",
    code: "max-md:inline-block max-md:p-0 max-md:pr-2",
    name: "max-md:inline-block max-md:p-0 max-md:font-semibold",
    type: "max-md:block max-md:p-0 max-md:pb-1 max-md:text-xs max-md:text-muted",
    amount:
      "max-md:flex max-md:justify-between max-md:gap-4 max-md:px-0 max-md:py-0.5 max-md:empty:hidden before:text-muted before:content-[attr(data-label)] md:before:content-none",
    foot: "bg-slate-50 font-semibold max-md:block",
    footRow: "max-md:block max-md:px-3 max-md:py-3",
    footHead: "max-md:block max-md:p-0 max-md:pb-1",
  },
  lg: {
    table: "min-w-full divide-y divide-slate-200 max-lg:block",
    thead: "bg-slate-50 max-lg:hidden",
    body: "divide-y divide-slate-100 max-lg:block",
    row: "max-lg:block max-lg:px-3 max-lg:py-3",
    code: "max-lg:inline-block max-lg:p-0 max-lg:pr-2",
    name: "max-lg:inline-block max-lg:p-0 max-lg:font-semibold",
    type: "max-lg:block max-lg:p-0 max-lg:pb-1 max-lg:text-xs max-lg:text-muted",
    amount:
      "max-lg:flex max-lg:justify-between max-lg:gap-4 max-lg:px-0 max-lg:py-0.5 max-lg:empty:hidden before:text-muted before:content-[attr(data-label)] lg:before:content-none",
    foot: "bg-slate-50 font-semibold max-lg:block",
    footRow: "max-lg:block max-lg:px-3 max-lg:py-3",
    footHead: "max-lg:block max-lg:p-0 max-lg:pb-1",
  },
} as const;

function AccountCells({ r, onOpen, c }: { r: ReportRow; onOpen: (r: ReportRow) => void; c: (typeof CARDS)[keyof typeof CARDS] }) {
  return (
    <>
      <td className={`${tdClass} font-mono ${c.code}`}>{r.account_code}</td>
      <td className={`${tdClass} ${c.name}`}>
        <button type="button" className="text-left text-brand-700 underline hover:text-brand-900" onClick={() => onOpen(r)}>
          {r.account_name}
        </button>
      </td>
      <td className={`${tdClass} ${c.type}`}>{r.account_type}</td>
    </>
  );
}

export function RowsTable({ caption, rows, onOpen }: { caption: string; rows: ReportRow[]; onOpen: (r: ReportRow) => void }) {
  const { money, balance } = useMoney();
  const c = CARDS.md;
  const amount = `${tdClass} text-right ${c.amount}`;
  return (
    <table className={c.table}>
      <caption className="px-3 py-2 text-left text-base font-semibold text-ink max-md:block">{caption}</caption>
      <thead className={c.thead}>
        <ColumnHeads labels={["Code", "Account", "Type", "Debit", "Credit", "Balance"]} numeric={["Debit", "Credit", "Balance"]} />
      </thead>
      <tbody className={c.body}>
        {rows.map((r) => (
          <tr key={r.account_id} data-testid="report-row" className={c.row}>
            <AccountCells r={r} onOpen={onOpen} c={c} />
            <td className={amount} data-label="Debit">
              {money(r.debit_total)}
            </td>
            <td className={amount} data-label="Credit">
              {money(r.credit_total)}
            </td>
            <td className={amount} data-label="Balance">
              {balance(r.balance)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The trial balance's amount columns: three debit/credit pairs (opening, period, closing). */
const TRIAL_BALANCE_COLUMNS: {
  label: string;
  /** The row's amount (a decimal). */
  cell: (r: TrialBalanceRow) => string;
  /** A balance column: the amount on its side, blank on the other. */
  sided?: boolean;
  total: (report: TrialBalanceReport) => string;
  totalTestId: string;
  cellTestId?: string;
  /** The closing balances stand out. */
  strong?: boolean;
}[] = [
  {
    label: "Opening balance (Dr)",
    cell: (r) => r.opening_debit,
    sided: true,
    total: (t) => t.total_opening_debit,
    totalTestId: "total-opening-debits",
  },
  {
    label: "Opening balance (Cr)",
    cell: (r) => r.opening_credit,
    sided: true,
    total: (t) => t.total_opening_credit,
    totalTestId: "total-opening-credits",
  },
  { label: "Period debits", cell: (r) => r.debit_total, total: (t) => t.total_debit, totalTestId: "total-debits" },
  { label: "Period credits", cell: (r) => r.credit_total, total: (t) => t.total_credit, totalTestId: "total-credits" },
  {
    label: "Closing balance (Dr)",
    cell: (r) => r.closing_debit,
    sided: true,
    total: (t) => t.total_closing_debit,
    totalTestId: "total-closing-debits",
    cellTestId: "closing-debit",
    strong: true,
  },
  {
    label: "Closing balance (Cr)",
    cell: (r) => r.closing_credit,
    sided: true,
    total: (t) => t.total_closing_credit,
    totalTestId: "total-closing-credits",
    cellTestId: "closing-credit",
    strong: true,
  },
];

/** A debit column opens each pair, with a line between the pairs. */
const opensPair = (column: number) => column % 2 === 0;

/**
 * The trial balance: per account, the balance before the range, the period's debits and credits, and the
 * balance at its end, each as a debit/credit pair whose totals agree.
 */
export function TrialBalanceTable({ report, onOpen }: { report: TrialBalanceReport; onOpen: (r: ReportRow) => void }) {
  const { money } = useMoney();
  const cellText = (col: (typeof TRIAL_BALANCE_COLUMNS)[number], r: TrialBalanceRow) => {
    const value = col.cell(r);
    return col.sided && value === "0.00" ? "" : money(value);
  };
  const c = CARDS.lg;
  const amount = `${tdClass} text-right whitespace-nowrap ${c.amount}`;
  const group = `${thClass} border-l border-slate-200 text-center`;
  const sub = `${thClass} text-right`;
  const groups: [string, string][] = [
    ["Opening balance", `before ${report.start}`],
    ["Period activity", `${report.start} to ${report.end}`],
    ["Closing balance", `at ${report.end}`],
  ];
  return (
    <table className={c.table}>
      <caption className="sr-only">
        Trial balance from {report.start} to {report.end}: opening balances, the period&apos;s debits and credits, closing balances
      </caption>
      <colgroup span={3} />
      <colgroup span={2} />
      <colgroup span={2} />
      <colgroup span={2} />
      <thead className={c.thead}>
        <tr>
          {["Code", "Account", "Type"].map((label) => (
            <th key={label} scope="col" rowSpan={2} className={thClass}>
              {label}
            </th>
          ))}
          {groups.map(([label, range]) => (
            <th key={label} scope="colgroup" colSpan={2} className={group}>
              {label} <span className="block font-normal normal-case tracking-normal">{range}</span>
            </th>
          ))}
        </tr>
        <tr>
          {TRIAL_BALANCE_COLUMNS.map((col, i) => (
            <th key={col.label} scope="col" className={opensPair(i) ? `${sub} border-l border-slate-200` : sub}>
              {opensPair(i) ? "Debit" : "Credit"}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className={c.body}>
        {report.rows.map((r) => (
          <tr key={r.account_id} data-testid="report-row" className={c.row}>
            <AccountCells r={r} onOpen={onOpen} c={c} />
            {TRIAL_BALANCE_COLUMNS.map((col, i) => (
              <td
                key={col.label}
                className={cn(amount, col.strong && "font-semibold", opensPair(i) && "lg:border-l lg:border-slate-100")}
                data-label={col.label}
                data-testid={col.cellTestId}
              >
                {cellText(col, r)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
      <tfoot className={c.foot}>
        <tr className={c.footRow}>
          <th scope="row" colSpan={3} className={`${tdClass} text-left ${c.footHead}`}>
            Totals
          </th>
          {TRIAL_BALANCE_COLUMNS.map((col) => (
            <td key={col.label} className={amount} data-label={col.label} data-testid={col.totalTestId}>
              {money(col.total(report))}
            </td>
          ))}
        </tr>
      </tfoot>
    </table>
  );
}

export function SummaryLine({ label, value, strong, testId }: { label: string; value: string; strong?: boolean; testId?: string }) {
  return (
    <div
      className={`flex justify-between border-t border-slate-200 px-3 py-2 text-sm ${strong ? "font-semibold" : ""}`}
      data-testid={testId}
    >
      <span>{label}</span>
      <span>{value}</span>
    </div>
  );
}
