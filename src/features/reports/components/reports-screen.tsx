import { useEffect, useState } from "react";
import { useNavigation, useRevalidator } from "react-router";
import { csvRows } from "~/lib/csv.ts";
import { toast } from "~/ui/toast.ts";
import { Button } from "~/ui/button.tsx";

// The ledger dialog reads only the account's id, code and name of the row it is given.
import { REPORT_LABELS, type Report, type ReportRow, type ReportType } from "../reports.ts";
import { reportCsv, reportFileName } from "../report-csv.ts";
import type { Comparison } from "~/features/ledger/index.ts";
import { StatementTable, type LedgerTarget } from "./statement-table.tsx";
import { AccountLedgerDialog } from "./account-ledger-dialog.tsx";
import { TrialBalanceTable } from "./report-tables.tsx";
import { CashFlowsTable } from "./cash-flows-table.tsx";
import { CASH_FLOWS, CASH_FLOWS_LABEL, CASH_FLOW_CSV_COLUMNS, cashFlowCsvRecords, type CashFlowReport } from "../cash-flow.ts";
import { PrintedOrganization, ReportPdfLink } from "./report-print-parts.tsx";
import { monthName } from "../report-print.ts";
import { ReportFilterForm, type ReportFilters } from "./report-filter-form.tsx";
import { useMoney } from "~/features/ledger/index.ts";
import {
  BUDGET_ACTUAL,
  BUDGET_ACTUAL_LABEL,
  BudgetActualTable,
  budgetActualCsv,
  type BudgetActualReport,
} from "~/features/insight/index.ts";

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

/** The report shown as CSV, downloaded (one of the three kinds of report the screen holds). */
function exportReportCsv({
  report,
  cashFlows,
  budget,
}: {
  report: Report | null;
  cashFlows?: CashFlowReport | null;
  budget?: BudgetActualReport | null;
}) {
  const done = () => toast.success("Export successful", { description: "Report has been exported to CSV" });
  if (cashFlows) {
    download(csvRows(CASH_FLOW_CSV_COLUMNS, cashFlowCsvRecords(cashFlows)), `cash_flows_${cashFlows.start}_${cashFlows.end}.csv`);
    return done();
  }
  if (budget) {
    const { header, records } = budgetActualCsv(budget);
    download(csvRows(header, records), `budget_actual_${budget.month}.csv`);
    return done();
  }
  if (!report) return;
  try {
    const { header, records } = reportCsv(report);
    download(csvRows(header, records), reportFileName(report.type, report.start, report.end));
    done();
  } catch (err) {
    toast.error("Error generating report", { description: (err as Error).message });
  }
}

/**
 * Reports (/accounting/:orgId/reports): the report its loader made for the type and period in the URL. Choosing
 * another type or date in the filters' form changes the URL (replacing the history entry), and the loader makes that
 * report.
 */
export function ReportsScreen({
  type,
  start,
  end,
  compare,
  fiscalYearStartMonth,
  report,
  cashFlows = null,
  budget = null,
  failure,
  filters,
  errors,
}: {
  type: ReportType | typeof CASH_FLOWS | typeof BUDGET_ACTUAL;
  start: string;
  end: string;
  compare: Comparison | undefined;
  fiscalYearStartMonth: number;
  report: Report | null;
  cashFlows?: CashFlowReport | null;
  budget?: BudgetActualReport | null;
  failure: string | null;
  filters: ReportFilters;
  errors: Record<string, string>;
}) {
  const { money } = useMoney();
  const [ledgerFor, setLedgerFor] = useState<LedgerTarget | null>(null);
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const loading = navigation.state === "loading" || revalidator.state === "loading";
  useEffect(() => {
    if (failure) toast.error("Error generating report", { description: failure });
  }, [failure, type, start, end]);

  const exportCsv = () => exportReportCsv({ report, cashFlows, budget });
  const shown = report ?? cashFlows ?? budget;
  const ledgerRange = report?.type === "balance_sheet" ? { start: "1900-01-01", end } : { start, end };

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end gap-4">
        <ReportFilterForm filters={filters} errors={errors} fiscalYearStartMonth={fiscalYearStartMonth} />
        <div className="flex flex-wrap gap-4">
          <Button variant="secondary" onClick={exportCsv} disabled={!shown || loading}>
            Export CSV
          </Button>
          <ReportPdfLink
            type={type}
            start={report?.start ?? start}
            end={end}
            compare={compare}
            month={budget?.month}
            disabled={!shown || loading}
          />
        </div>
      </div>

      <section aria-live="polite" aria-busy={loading} className="rounded-lg border border-slate-200" data-printable>
        <PrintedOrganization />
        <h2 className="border-b border-slate-200 px-3 py-3 text-lg font-semibold text-ink">
          {type === CASH_FLOWS ? CASH_FLOWS_LABEL : type === BUDGET_ACTUAL ? BUDGET_ACTUAL_LABEL : REPORT_LABELS[type]}{" "}
          <span className="text-sm font-normal text-muted">
            {type === "balance_sheet"
              ? `as of ${end}`
              : type === BUDGET_ACTUAL
                ? `for ${monthName(end.slice(0, 7))}`
                : `${start} to ${end}`}
          </span>
        </h2>
        {type === BUDGET_ACTUAL && budget ? (
          <BudgetActualTable report={budget} />
        ) : type === CASH_FLOWS && cashFlows ? (
          cashFlows.empty ? (
            <p className="p-4 text-muted">No posted journal entries for the selected date range.</p>
          ) : (
            <CashFlowsTable report={cashFlows} />
          )
        ) : !report ? (
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
            <StatementTable
              caption={`Profit and loss, ${start} to ${end}`}
              columns={report.columns}
              items={report.items}
              position={false}
              onOpen={setLedgerFor}
            />
          </>
        ) : (
          <>
            <StatementTable
              caption={`Balance sheet as of ${end}`}
              columns={report.columns}
              items={report.items}
              position
              onOpen={setLedgerFor}
            />
            <p className="border-t border-slate-200 px-3 py-3 text-sm font-semibold text-ink" data-testid="accounting-equation">
              Assets {money(report.total_assets)} = Liabilities {money(report.total_liabilities)} + Equity {money(report.total_equity)}
              {report.total_assets === report.total_liabilities_and_equity ? null : (
                <span className="ml-2 font-normal text-red-800">(out of balance)</span>
              )}
            </p>
          </>
        )}
      </section>
      <AccountLedgerDialog
        row={ledgerFor as ReportRow | null}
        start={ledgerRange.start}
        end={ledgerRange.end}
        onOpenChange={(o) => !o && setLedgerFor(null)}
      />
    </div>
  );
}
