import { safeParse } from "zod";
import type { Route } from "./+types/accounting-reports";
import { reportQuerySchema, reportViewQuerySchema } from "~/features/reports/reports.schema.ts";
import { requireBooksPage } from "~/features/tenancy/books-page.server.ts";
import { ReportsScreen } from "~/features/reports/components/reports-screen.tsx";
import { defaultPeriod } from "~/features/ledger/periods.ts";
import { generateReport } from "~/features/reports/reports.server.ts";
import { CASH_FLOWS } from "~/features/reports/cash-flow.ts";
import { cashFlowReport } from "~/features/reports/cash-flow.server.ts";
import { fiscalYearStartMonth as fiscalYearStartMonthOf } from "~/features/ledger/year-end-read.server.ts";
import { zodFields } from "~/lib/zod-fields.ts";
import { BUDGET_ACTUAL } from "~/features/insight/budgets.types.ts";
import { budgetActual } from "~/features/insight/index.server.ts";
import { readPageQuery } from "~/server/http/page-query.ts";

/**
 * /accounting/:orgId/reports: the report, period and comparison in the URL (default: the trial balance from January 1
 * to today); the fiscal year's first month for the period presets.
 * A wrong filter is named at its field and left out, the others applied; a period that ends before it starts makes
 * no report. The balance sheet is a position at the end date; its start date only names the CSV file. The budget against
 * actual is of the end date's month.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { membership } = await requireBooksPage(context, request, params.orgId);
  const { query, errors: queryErrors } = readPageQuery(request, reportViewQuerySchema);
  const type = query.type ?? "trial_balance";
  const defaults = defaultPeriod();
  const end = query.end ?? defaults.end;
  const position = type === "balance_sheet" || type === BUDGET_ACTUAL;
  const start = position ? (query.start && query.start <= end ? query.start : end) : (query.start ?? defaults.start);
  const period = safeParse(reportQuerySchema, { start, end });
  const errors = period.success ? queryErrors : { ...zodFields(period.error), ...queryErrors };
  const failure = period.success ? null : (Object.values(zodFields(period.error))[0] ?? "Invalid period");
  const compare = type === "trial_balance" || type === CASH_FLOWS || type === BUDGET_ACTUAL ? undefined : query.compare;
  const cashFlows = !failure && type === CASH_FLOWS ? await cashFlowReport(context.app.db, membership, start, end) : null;
  // The budget against actual is of the end date's month, in its fiscal year (decision 123).
  const budget = !failure && type === BUDGET_ACTUAL ? await budgetActual(context.app.db, membership.organizationId, end.slice(0, 7)) : null;
  const report =
    failure || type === CASH_FLOWS || type === BUDGET_ACTUAL
      ? null
      : await generateReport(context.app.db, membership, type, start, end, { compare });
  const fiscalYearStartMonth = await fiscalYearStartMonthOf(context.app.db, membership.organizationId);
  // The form shows the filters applied, a wrong date blank beside its message; the balance sheet keeps the start given.
  const filters = {
    type,
    start: position ? (query.start ?? start) : queryErrors.start ? "" : start,
    end: queryErrors.end ? "" : end,
    compare: compare ?? "",
  };
  return { type, start, end, compare, fiscalYearStartMonth, report, cashFlows, budget, failure, filters, errors };
}

export default function AccountingReports({ loaderData }: Route.ComponentProps) {
  return <ReportsScreen {...loaderData} />;
}
