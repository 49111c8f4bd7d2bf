import { safeParse } from "zod";
import type { Route } from "./+types/accounting-tax-return";
import { requireBooksPage } from "~/features/tenancy/books-page.server.ts";
import { presetPeriod } from "~/features/ledger/periods.ts";
import { defaultPeriod } from "~/features/ledger/periods.ts";
import { listAccounts } from "~/features/ledger/index.server.ts";
import { fiscalYearStartMonth as fiscalYearStartMonthOf } from "~/features/ledger/year-end-read.server.ts";
import { filedTaxReturnsQuerySchema, taxReturnQuerySchema } from "~/features/tax/tax-return.schema.ts";
import { taxReturn } from "~/features/tax/tax-return.server.ts";
import { listTaxReturns, overlappingTaxReturn } from "~/features/tax/tax-return-filing.server.ts";
import { readPageQuery } from "~/server/http/page-query.ts";
import { TaxReturnScreen } from "~/features/tax/components/tax-return-screen.tsx";
import { zodFields } from "~/lib/zod-fields.ts";

/**
 * /accounting/:orgId/tax-return?from=&to=&page=: the return of the period (default: last month), a page of the filed
 * returns (and the one the period is in), and the accounts a return's net may go to. A wrong period is named at its field and makes no return.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { membership } = await requireBooksPage(context, request, params.orgId);
  const db = context.app.db;
  const url = new URL(request.url);
  const fiscalYearStartMonth = await fiscalYearStartMonthOf(db, membership.organizationId);
  const last = presetPeriod("last_month", defaultPeriod().end, fiscalYearStartMonth);
  const from = url.searchParams.get("from") ?? last.start;
  const to = url.searchParams.get("to") ?? last.end;
  const period = safeParse(taxReturnQuerySchema, { from, to });
  const errors = period.success ? {} : zodFields(period.error);
  const pages = readPageQuery(request, filedTaxReturnsQuerySchema);
  const [report, filed, covered, accounts] = await Promise.all([
    period.success ? taxReturn(db, membership, from, to) : Promise.resolve(null),
    listTaxReturns(db, membership, pages.query.page),
    period.success ? overlappingTaxReturn(db, membership, from, to) : Promise.resolve(undefined),
    listAccounts(db, membership),
  ]);
  const authorities = accounts
    .filter((a) => a.account_type === "Liability" || a.account_type === "Asset")
    .map((a) => ({ id: a.id, label: `${a.account_code} ${a.account_name}` }));
  return { from, to, fiscalYearStartMonth, report, filed, filters: pages.filters, covered: covered?.name ?? null, authorities, errors };
}

export default function AccountingTaxReturn({ loaderData }: Route.ComponentProps) {
  return <TaxReturnScreen {...loaderData} />;
}
