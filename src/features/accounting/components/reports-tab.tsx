import { useEffect, useId, useState } from "react";
import { useNavigation, useRevalidator, useSearchParams } from "react-router";
import { csvRows } from "~/lib/csv.ts";
import { toast } from "~/ui/toast.ts";
import { Button } from "~/ui/button.tsx";
import { formatBalance, formatUsd, toCents } from "../money.ts";
import {
  CSV_COLUMNS,
  NET_INCOME_EQUITY_LABEL,
  REPORT_LABELS,
  REPORT_TYPES,
  reportCsvRecords,
  reportFileName,
  type Report,
  type ReportRow,
  type ReportType,
} from "../reports.ts";
import { AccountLedgerDialog } from "./account-ledger-dialog.tsx";
import { inputClass, labelClass } from "./ui.tsx";
import { RowsTable, SummaryLine, TrialBalanceTable } from "./report-tables.tsx";
import { PrintedOrganization, ReportPdfLink } from "./report-print-parts.tsx";

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
 * Reports (/accounting/:orgId/reports): the report its loader made for the type and period in the URL. Choosing
 * another type or date changes the URL (replacing the history entry), and the loader makes that report.
 */
export function ReportsTab({
  type,
  start,
  end,
  report,
  failure,
}: {
  type: ReportType;
  start: string;
  end: string;
  report: Report | null;
  failure: string | null;
}) {
  // The fields follow what is typed at once; the URL (and the report) follow it.
  const [period, setPeriod] = useState({ start, end });
  const [ledgerFor, setLedgerFor] = useState<ReportRow | null>(null);
  const id = useId();
  const [, setSearchParams] = useSearchParams();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const loading = navigation.state === "loading" || revalidator.state === "loading";
  useEffect(() => setPeriod({ start, end }), [start, end]);
  // The select follows the choice at once, while the loader makes that report; then it follows the URL.
  const [shownType, setShownType] = useState(type);
  useEffect(() => setShownType(type), [type]);
  useEffect(() => {
    if (failure) toast.error("Error generating report", { description: failure });
  }, [failure, type, start, end]);

  function show(next: { type?: ReportType; start?: string; end?: string }) {
    const wanted = { type: shownType, ...period, ...next };
    if (next.type) setShownType(next.type);
    if (next.start !== undefined || next.end !== undefined) setPeriod({ start: wanted.start, end: wanted.end });
    setSearchParams(wanted, { replace: true, preventScrollReset: true });
  }

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

  const ledgerRange = report?.type === "balance_sheet" ? { start: "1900-01-01", end } : { start, end };

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end gap-4">
        <div>
          <label htmlFor={`${id}-type`} className={labelClass}>
            Report type
          </label>
          <select id={`${id}-type`} className={inputClass} value={shownType} onChange={(e) => show({ type: e.target.value as ReportType })}>
            {REPORT_TYPES.map((t) => (
              <option key={t} value={t}>
                {REPORT_LABELS[t]}
              </option>
            ))}
          </select>
        </div>
        {shownType === "balance_sheet" ? null : (
          <div>
            <label htmlFor={`${id}-start`} className={labelClass}>
              Start date
            </label>
            <input
              id={`${id}-start`}
              type="date"
              className={inputClass}
              value={period.start}
              onChange={(e) => show({ start: e.target.value })}
            />
          </div>
        )}
        <div>
          <label htmlFor={`${id}-end`} className={labelClass}>
            End date
          </label>
          <input id={`${id}-end`} type="date" className={inputClass} value={period.end} onChange={(e) => show({ end: e.target.value })} />
        </div>
        <Button variant="secondary" onClick={exportCsv} disabled={!report || loading}>
          Export CSV
        </Button>
        <ReportPdfLink type={type} start={report?.start ?? start} end={end} disabled={!report || loading} />
      </div>

      <section aria-live="polite" aria-busy={loading} className="rounded-lg border border-slate-200" data-printable>
        <PrintedOrganization />
        <h2 className="border-b border-slate-200 px-3 py-3 text-lg font-semibold text-ink">
          {REPORT_LABELS[type]}{" "}
          <span className="text-sm font-normal text-muted">{type === "balance_sheet" ? `as of ${end}` : `${start} to ${end}`}</span>
        </h2>
        {!report ? (
          loading ? (
            <p className="p-4 text-muted">Loading...</p>
          ) : failure ? (
            <div className="flex flex-wrap items-center gap-3 p-4">
              <p className="text-red-800">Error generating report: {failure}</p>
              <Button size="sm" variant="secondary" onClick={() => void revalidator.revalidate()}>
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
