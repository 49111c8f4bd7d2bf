import { safeParse } from "zod";
import type { Route } from "./+types/accounting-ledger";
import { requireBooksPage } from "~/features/accounting/books-page.server.ts";
import { GeneralLedgerScreen } from "~/features/accounting/components/general-ledger-screen.tsx";
import { generalLedgerQuerySchema, generalLedgerViewSchema } from "~/features/accounting/general-ledger.schema.ts";
import { generalLedger } from "~/features/accounting/general-ledger.server.ts";
import { monthOf } from "~/features/accounting/general-ledger.ts";
import { defaultPeriod } from "~/features/accounting/reports.ts";
import { zodFields } from "~/lib/zod-fields.ts";
import { AppError } from "~/server/http/app-error.ts";
import { readPageQuery } from "~/server/http/page-query.ts";

/**
 * /accounting/:orgId/ledger?account=&start=&end=[&after=]: the general ledger of the account in the URL (default
 * period: this month); without an account, the form to choose one.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { membership } = await requireBooksPage(context, request, params.orgId);
  const { query, errors } = readPageQuery(request, generalLedgerViewSchema);
  const month = monthOf(defaultPeriod().end);
  const view = { account: query.account ?? null, start: query.start ?? month.start, end: query.end ?? month.end };
  const first = !query.after;
  if (view.account === null || Object.keys(errors).length > 0) return { view: { ...view, ledger: null, first, errors } };
  const checked = safeParse(generalLedgerQuerySchema, { ...view, after: query.after });
  if (!checked.success) return { view: { ...view, ledger: null, first, errors: zodFields(checked.error) } };
  try {
    return { view: { ...view, ledger: await generalLedger(context.app.db, membership, checked.data), first, errors: {} } };
  } catch (err) {
    if (!(err instanceof AppError) || err.status >= 500) throw err;
    return { view: { ...view, ledger: null, first, errors: err.fields ?? { account: err.message } } };
  }
}

export default function AccountingLedger({ loaderData }: Route.ComponentProps) {
  return <GeneralLedgerScreen view={loaderData.view} />;
}
