import { data } from "react-router";
import type { Route } from "./+types/accounting-recurring-invoices";
import { canBooks } from "~/features/tenancy/index.ts";
import { pageId, requireBooksPage } from "~/features/tenancy/books-page.server.ts";
import { todayIso } from "~/lib/format.ts";
import { AppError } from "~/server/http/app-error.ts";
import { listTaxCodes, readTaxSettings } from "~/features/tax/tax-codes.server.ts";
import { readSalesSettings } from "~/features/sales/sales-settings.server.ts";
import { getRecurringInvoice, listRecurringInvoices } from "~/features/sales/recurring-invoice-queries.server.ts";
import { RecurringInvoicesScreen } from "~/features/sales/components/recurring-invoices-screen.tsx";
import { blankRecurringInvoice, formOfRecurringInvoice } from "~/features/sales/components/recurring-invoices-values.ts";

export const meta: Route.MetaFunction = () => [{ title: "Recurring invoices | Ledgerline Advisors" }, { name: "robots", content: "noindex" }];

/**
 * /accounting/:orgId/recurring-invoices: the recurring invoices (the API's GET /recurring-invoices); with `?form=new`
 * or `?form=<id>`, the form of a new one or of that one (for those who hold "books.sales.write"), priced with the
 * books' tax codes as the server will.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { membership } = await requireBooksPage(context, request, params.orgId);
  const db = context.app.db;
  const asked = new URL(request.url).searchParams.get("form");
  const [recurring, taxCodes, tax, settings] = await Promise.all([
    listRecurringInvoices(db, membership),
    listTaxCodes(db, membership),
    readTaxSettings(db, membership),
    readSalesSettings(db, membership.organizationId),
  ]);
  let form = null;
  if (asked !== null && canBooks(membership, "books.sales.write")) {
    const id = asked === "new" ? null : pageId(asked);
    if (asked !== "new" && id === null) throw data("Not found", { status: 404 });
    const editing =
      id === null
        ? null
        : await getRecurringInvoice(db, membership, id).catch((err: unknown) => {
            if (err instanceof AppError && err.status === 404) throw data("Not found", { status: 404 });
            throw err;
          });
    form = { editing, initial: editing ? formOfRecurringInvoice(editing) : blankRecurringInvoice(todayIso(), tax.tax_amounts) };
  }
  return {
    recurring,
    form,
    taxCodes,
    rounding: tax.tax_rounding,
    controlAccounts: [settings.receivable_account_id, settings.payable_account_id],
  };
}

export default function AccountingRecurringInvoices({ loaderData }: Route.ComponentProps) {
  return <RecurringInvoicesScreen {...loaderData} />;
}
