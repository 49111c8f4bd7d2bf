import { safeParse } from "zod";
import type { Route } from "./+types/accounting-ledger";
import { requireBooksPage } from "~/features/tenancy/books-page.server.ts";
import { GeneralLedgerScreen } from "~/features/reports/components/general-ledger-screen.tsx";
import {
  generalLedgerPeriodSchema,
  generalLedgerQuerySchema,
  generalLedgerViewSchema,
} from "~/features/reports/general-ledger.schema.ts";
import { generalLedger, generalLedgerLineCount } from "~/features/reports/general-ledger.server.ts";
import { monthOf } from "~/features/reports/general-ledger.ts";
import { MAX_PRINTED_LINES } from "~/features/reports/report-print.ts";
import { defaultPeriod } from "~/features/ledger/periods.ts";
import { zodFields } from "~/lib/zod-fields.ts";
import { AppError } from "~/server/http/app-error.ts";
import { readPageQuery } from "~/server/http/page-query.ts";

/**
 * /accounting/:orgId/ledger?account=&start=&end=[&after=]: the general ledger of the account in the URL (default
 * period: this month); without an account, the form to choose one. Whether the account's ledger, and every account's,
 * fits in a download (MAX_PRINTED_LINES, counted up to one past it) decides which downloads the screen offers.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { membership } = await requireBooksPage(context, request, params.orgId);
  const { db } = context.app;
  const { query, errors } = readPageQuery(request, generalLedgerViewSchema);
  const month = monthOf(defaultPeriod().end);
  const view = { account: query.account ?? null, start: query.start ?? month.start, end: query.end ?? month.end };
  const first = !query.after;
  const fits = async (q: { account?: number; start: string; end: string }) =>
    (await generalLedgerLineCount(db, membership, q, MAX_PRINTED_LINES + 1)) <= MAX_PRINTED_LINES;
  const period = safeParse(generalLedgerPeriodSchema, view);
  const periodOk = period.success && !errors.start && !errors.end;
  const downloads = { printable: false, allPrintable: periodOk ? await fits({ start: view.start, end: view.end }) : null };
  const empty = { ...view, ...downloads, ledger: null, first };
  if (view.account === null || Object.keys(errors).length > 0) return { view: { ...empty, errors } };
  const checked = safeParse(generalLedgerQuerySchema, { ...view, after: query.after });
  if (!checked.success) return { view: { ...empty, errors: zodFields(checked.error) } };
  try {
    const ledger = await generalLedger(db, membership, checked.data);
    return { view: { ...view, ...downloads, printable: await fits(checked.data), ledger, first, errors: {} } };
  } catch (err) {
    if (!(err instanceof AppError) || err.status >= 500) throw err;
    return { view: { ...empty, errors: err.fields ?? { account: err.message } } };
  }
}

export default function AccountingLedger({ loaderData }: Route.ComponentProps) {
  return <GeneralLedgerScreen view={loaderData.view} />;
}
