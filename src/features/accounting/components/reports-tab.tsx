import { useCallback, useEffect, useId, useRef, useState } from "react";
import Papa from "papaparse";
import { toast } from "sonner";
import { Button } from "~/ui/button.tsx";
import { formatBalance, formatUsd, toCents } from "../money.ts";
import {
  CSV_COLUMNS,
  defaultPeriod,
  NET_INCOME_EQUITY_LABEL,
  REPORT_LABELS,
  REPORT_TYPES,
  reportCsvRecords,
  reportFileName,
  type Report,
  type ReportRow,
  type ReportType,
  type TrialBalanceReport,
} from "../reports.ts";
import { api } from "./accounting-api.ts";
import { AccountLedgerDialog } from "./account-ledger-dialog.tsx";
import { inputClass, labelClass, tdClass, thClass } from "./ui.tsx";

function download(text: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([text], { type: "text/csv;charset=utf-8" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

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

function RowsTable({ caption, rows, onOpen }: { caption: string; rows: ReportRow[]; onOpen: (r: ReportRow) => void }) {
  const c = CARDS.md;
  const amount = `${tdClass} text-right ${c.amount}`;
  return (
    <table className={c.table}>
      <caption className="px-3 py-2 text-left text-base font-semibold text-ink max-md:block">{caption}</caption>
      <thead className={c.thead}>
        <tr>
          <th scope="col" className={thClass}>Code</th>
          <th scope="col" className={thClass}>Account</th>
          <th scope="col" className={thClass}>Type</th>
          <th scope="col" className={`${thClass} text-right`}>Debit</th>
          <th scope="col" className={`${thClass} text-right`}>Credit</th>
          <th scope="col" className={`${thClass} text-right`}>Balance</th>
        </tr>
      </thead>
      <tbody className={c.body}>
        {rows.map((r) => (
          <tr key={r.account_id} data-testid="report-row" className={c.row}>
            <AccountCells r={r} onOpen={onOpen} c={c} />
            <td className={amount} data-label="Debit">{formatUsd(r.debit_total)}</td>
            <td className={amount} data-label="Credit">{formatUsd(r.credit_total)}</td>
            <td className={amount} data-label="Balance">{formatBalance(r.balance)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A balance column: the amount on its side, blank on the other. */
const side = (amount: string) => (amount === "0.00" ? "" : formatUsd(amount));

/**
 * The trial balance: per account, the balance before the range, the period's debits and credits, and the
 * balance at its end, each as a debit/credit pair whose totals agree.
 */
function TrialBalanceTable({ report, onOpen }: { report: TrialBalanceReport; onOpen: (r: ReportRow) => void }) {
  const c = CARDS.lg;
  const amount = `${tdClass} text-right whitespace-nowrap ${c.amount}`;
  const group = `${thClass} border-l border-slate-200 text-center`;
  const sub = `${thClass} text-right`;
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
          <th scope="col" rowSpan={2} className={thClass}>Code</th>
          <th scope="col" rowSpan={2} className={thClass}>Account</th>
          <th scope="col" rowSpan={2} className={thClass}>Type</th>
          <th scope="colgroup" colSpan={2} className={group}>
            Opening balance <span className="block font-normal normal-case tracking-normal">before {report.start}</span>
          </th>
          <th scope="colgroup" colSpan={2} className={group}>
            Period activity <span className="block font-normal normal-case tracking-normal">{report.start} to {report.end}</span>
          </th>
          <th scope="colgroup" colSpan={2} className={group}>
            Closing balance <span className="block font-normal normal-case tracking-normal">at {report.end}</span>
          </th>
        </tr>
        <tr>
          <th scope="col" className={`${sub} border-l border-slate-200`}>Debit</th>
          <th scope="col" className={sub}>Credit</th>
          <th scope="col" className={`${sub} border-l border-slate-200`}>Debit</th>
          <th scope="col" className={sub}>Credit</th>
          <th scope="col" className={`${sub} border-l border-slate-200`}>Debit</th>
          <th scope="col" className={sub}>Credit</th>
        </tr>
      </thead>
      <tbody className={c.body}>
        {report.rows.map((r) => (
          <tr key={r.account_id} data-testid="report-row" className={c.row}>
            <AccountCells r={r} onOpen={onOpen} c={c} />
            <td className={`${amount} lg:border-l lg:border-slate-100`} data-label="Opening balance (Dr)">{side(r.opening_debit)}</td>
            <td className={amount} data-label="Opening balance (Cr)">{side(r.opening_credit)}</td>
            <td className={`${amount} lg:border-l lg:border-slate-100`} data-label="Period debits">{formatUsd(r.debit_total)}</td>
            <td className={amount} data-label="Period credits">{formatUsd(r.credit_total)}</td>
            <td className={`${amount} font-semibold lg:border-l lg:border-slate-100`} data-label="Closing balance (Dr)" data-testid="closing-debit">
              {side(r.closing_debit)}
            </td>
            <td className={`${amount} font-semibold`} data-label="Closing balance (Cr)" data-testid="closing-credit">
              {side(r.closing_credit)}
            </td>
          </tr>
        ))}
      </tbody>
      <tfoot className={c.foot}>
        <tr className={c.footRow}>
          <th scope="row" colSpan={3} className={`${tdClass} text-left ${c.footHead}`}>
            Totals
          </th>
          <td className={amount} data-label="Opening balance (Dr)" data-testid="total-opening-debits">{formatUsd(report.total_opening_debit)}</td>
          <td className={amount} data-label="Opening balance (Cr)" data-testid="total-opening-credits">{formatUsd(report.total_opening_credit)}</td>
          <td className={amount} data-label="Period debits" data-testid="total-debits">{formatUsd(report.total_debit)}</td>
          <td className={amount} data-label="Period credits" data-testid="total-credits">{formatUsd(report.total_credit)}</td>
          <td className={amount} data-label="Closing balance (Dr)" data-testid="total-closing-debits">{formatUsd(report.total_closing_debit)}</td>
          <td className={amount} data-label="Closing balance (Cr)" data-testid="total-closing-credits">{formatUsd(report.total_closing_credit)}</td>
        </tr>
      </tfoot>
    </table>
  );
}

function SummaryLine({ label, value, strong, testId }: { label: string; value: string; strong?: boolean; testId?: string }) {
  return (
    <div className={`flex justify-between border-t border-slate-200 px-3 py-2 text-sm ${strong ? "font-semibold" : ""}`} data-testid={testId}>
      <span>{label}</span>
      <span>{value}</span>
    </div>
  );
}

export function ReportsTab() {
  const [type, setType] = useState<ReportType>("trial_balance");
  const [period, setPeriod] = useState(defaultPeriod);
  const [report, setReport] = useState<Report | null>(null);
  const [loading, setLoading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [ledgerFor, setLedgerFor] = useState<ReportRow | null>(null);
  const id = useId();
  // Answers can arrive out of order (a large report is slower than a small one): only the latest request counts.
  const latest = useRef(0);

  const load = useCallback(async () => {
    if (!period.end || (!period.start && type !== "balance_sheet")) return;
    // The balance sheet is a position at the end date; its start date (hidden) only names the CSV file.
    const start = type === "balance_sheet" && !(period.start && period.start <= period.end) ? period.end : period.start;
    const request = ++latest.current;
    setLoading(true);
    try {
      const { report } = await api<{ report: Report }>(`/reports/${type}?start=${start}&end=${period.end}`);
      if (request === latest.current) {
        setReport(report);
        setFailure(null);
      }
    } catch (err) {
      if (request !== latest.current) return;
      setReport(null);
      setFailure((err as Error).message);
      toast.error("Error generating report", { description: (err as Error).message });
    } finally {
      if (request === latest.current) setLoading(false);
    }
  }, [type, period]);
  useEffect(() => {
    void load();
  }, [load]);

  function exportCsv() {
    if (!report) return;
    try {
      const csv = Papa.unparse({ fields: [...CSV_COLUMNS], data: reportCsvRecords(report) }, { newline: "\r\n", quotes: false });
      download(csv, reportFileName(report.type, report.start, report.end));
      toast.success("Export successful", { description: "Report has been exported to CSV" });
    } catch (err) {
      toast.error("Error generating report", { description: (err as Error).message });
    }
  }

  const ledgerRange = report?.type === "balance_sheet" ? { start: "1900-01-01", end: period.end } : period;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end gap-4">
        <div>
          <label htmlFor={`${id}-type`} className={labelClass}>
            Report type
          </label>
          <select id={`${id}-type`} className={inputClass} value={type} onChange={(e) => setType(e.target.value as ReportType)}>
            {REPORT_TYPES.map((t) => (
              <option key={t} value={t}>
                {REPORT_LABELS[t]}
              </option>
            ))}
          </select>
        </div>
        {type === "balance_sheet" ? null : (
          <div>
            <label htmlFor={`${id}-start`} className={labelClass}>
              Start date
            </label>
            <input id={`${id}-start`} type="date" className={inputClass} value={period.start} onChange={(e) => setPeriod((p) => ({ ...p, start: e.target.value }))} />
          </div>
        )}
        <div>
          <label htmlFor={`${id}-end`} className={labelClass}>
            End date
          </label>
          <input id={`${id}-end`} type="date" className={inputClass} value={period.end} onChange={(e) => setPeriod((p) => ({ ...p, end: e.target.value }))} />
        </div>
        <Button variant="secondary" onClick={exportCsv} disabled={!report || loading}>
          Export CSV
        </Button>
      </div>

      <section aria-live="polite" aria-busy={loading} className="rounded-lg border border-slate-200">
        <h2 className="border-b border-slate-200 px-3 py-3 text-lg font-semibold text-ink">
          {REPORT_LABELS[type]}{" "}
          <span className="text-sm font-normal text-muted">
            {type === "balance_sheet" ? `as of ${period.end}` : `${period.start} to ${period.end}`}
          </span>
        </h2>
        {!report ? (
          loading ? (
            <p className="p-4 text-muted">Loading...</p>
          ) : failure ? (
            <div className="flex flex-wrap items-center gap-3 p-4">
              <p className="text-red-800">Error generating report: {failure}</p>
              <Button size="sm" variant="secondary" onClick={() => void load()}>
                Try again
              </Button>
            </div>
          ) : (
            <p className="p-4 text-muted">No report.</p>
          )
        ) : report.empty ? (
          <p className="p-4 text-muted">No posted journal entries for the selected date range.</p>
        ) : report.type === "trial_balance" ? (
          <TrialBalanceTable report={report} onOpen={setLedgerFor} />
        ) : report.type === "profit_loss" ? (
          <>
            <RowsTable caption="Revenue" rows={report.revenue} onOpen={setLedgerFor} />
            <SummaryLine label="Total revenue" value={formatBalance(report.total_revenue)} />
            <RowsTable caption="Expenses" rows={report.expenses} onOpen={setLedgerFor} />
            <SummaryLine label="Total expenses" value={formatBalance(report.total_expenses)} />
            <SummaryLine
              label={(toCents(report.net_income) ?? 0n) < 0n ? "Net Loss" : "Net Income"}
              value={formatUsd((toCents(report.net_income) ?? 0n) < 0n ? report.net_income.slice(1) : report.net_income)}
              strong
              testId="net-income"
            />
          </>
        ) : (
          <>
            <RowsTable caption="Assets" rows={report.assets} onOpen={setLedgerFor} />
            <SummaryLine label="Total assets" value={formatBalance(report.total_assets)} strong testId="total-assets" />
            <RowsTable caption="Liabilities" rows={report.liabilities} onOpen={setLedgerFor} />
            <SummaryLine label="Total liabilities" value={formatBalance(report.total_liabilities)} />
            <RowsTable caption="Equity" rows={report.equity} onOpen={setLedgerFor} />
            <SummaryLine label={NET_INCOME_EQUITY_LABEL} value={formatBalance(report.net_income)} />
            <SummaryLine label="Total equity" value={formatBalance(report.total_equity)} />
            <SummaryLine
              label="Total liabilities and equity"
              value={formatBalance(report.total_liabilities_and_equity)}
              strong
              testId="total-liabilities-equity"
            />
          </>
        )}
      </section>
      <AccountLedgerDialog row={ledgerFor} start={ledgerRange.start} end={ledgerRange.end} onOpenChange={(o) => !o && setLedgerFor(null)} />
    </div>
  );
}
