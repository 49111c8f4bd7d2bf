import { useCallback, useEffect, useId, useRef, useState } from "react";
import { csvRows } from "~/lib/csv.ts";
import { toast } from "~/ui/toast.ts";
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
} from "../reports.ts";
import { request } from "~/lib/api-client.ts";
import { toastFailure } from "~/ui/toast-failure.ts";
import { useBooksApi } from "./books-context.tsx";
import { AccountLedgerDialog } from "./account-ledger-dialog.tsx";
import { inputClass, labelClass } from "./ui.tsx";
import { RowsTable, SummaryLine, TrialBalanceTable } from "./report-tables.tsx";

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
  const books = useBooksApi();

  const load = useCallback(async () => {
    if (!period.end || (!period.start && type !== "balance_sheet")) return;
    // The balance sheet is a position at the end date; its start date (hidden) only names the CSV file.
    const start = type === "balance_sheet" && !(period.start && period.start <= period.end) ? period.end : period.start;
    const mine = ++latest.current;
    setLoading(true);
    const res = await request<{ report: Report }>(`${books}/reports/${type}?start=${start}&end=${period.end}`);
    if (mine !== latest.current) return;
    setLoading(false);
    if (res.ok) {
      setReport(res.data.report);
      setFailure(null);
    } else {
      setReport(null);
      setFailure(res.message);
      toastFailure(res, { title: "Error generating report" });
    }
  }, [type, period, books]);
  useEffect(() => {
    void load();
  }, [load]);

  function exportCsv() {
    if (!report) return;
    try {
      const csv = csvRows(CSV_COLUMNS, reportCsvRecords(report));
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
            <input
              id={`${id}-start`}
              type="date"
              className={inputClass}
              value={period.start}
              onChange={(e) => setPeriod((p) => ({ ...p, start: e.target.value }))}
            />
          </div>
        )}
        <div>
          <label htmlFor={`${id}-end`} className={labelClass}>
            End date
          </label>
          <input
            id={`${id}-end`}
            type="date"
            className={inputClass}
            value={period.end}
            onChange={(e) => setPeriod((p) => ({ ...p, end: e.target.value }))}
          />
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
