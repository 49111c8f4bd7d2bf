import { z } from "zod";
import type { Route } from "./+types/accounting-aging";
import { requireBooksPage } from "~/features/tenancy/books-page.server.ts";
import { agingItems, agingReport } from "~/features/sales/aging.server.ts";
import { AGING_BUCKETS, agingQuerySchema, SIDES } from "~/features/sales/sales.schema.ts";
import { readSalesSettings } from "~/features/sales/sales-settings.server.ts";
import { AgingScreen } from "~/features/sales/components/aging-screen.tsx";
import { todayIso } from "~/lib/format.ts";
import { idQueryField } from "~/lib/schema-fields.ts";
import { readPageQuery } from "~/server/http/page-query.ts";

export const meta: Route.MetaFunction = () => [
  { title: "Aging · Accounting | Ledgerline Advisors" },
  { name: "robots", content: "noindex" },
];

/** The page's query: the API's aging query (GET /aging), and the figure drilled into (GET /aging/items). */
const agingPageSchema = agingQuerySchema.extend({
  side: z.enum(SIDES, { error: "Side must be receivable or payable" }).default("receivable"),
  /** A contact's items ("none": the lines naming no contact). */
  contact: z.union([idQueryField("Contact", "a contact"), z.literal("none")]).optional(),
  /** A bucket's items; "all": every bucket (a total). */
  bucket: z.enum([...AGING_BUCKETS, "all"], { error: "Bucket must be current, 1_30, 31_60, 61_90, over_90 or all" }).optional(),
});

/**
 * /accounting/:orgId/aging?side=&as_of=&contact=&bucket=: what is owed on a side as of a day (today by default), by
 * contact and age, beside the control account's balance that day; with `contact` or `bucket`, the items behind that
 * figure. A wrong value is named at its field and left out. The settings say whether the client's side mails statements.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { membership } = await requireBooksPage(context, request, params.orgId);
  const db = context.app.db;
  const { query, errors } = readPageQuery(request, agingPageSchema);
  const asOf = query.as_of ?? todayIso();
  const drill =
    query.contact !== undefined || query.bucket !== undefined ? { contact: query.contact ?? null, bucket: query.bucket ?? "all" } : null;
  const [report, items, settings] = await Promise.all([
    agingReport(db, membership, query.side, asOf),
    drill
      ? agingItems(db, membership, {
          side: query.side,
          as_of: asOf,
          contact_id: drill.contact ?? undefined,
          bucket: drill.bucket === "all" ? undefined : drill.bucket,
        })
      : Promise.resolve(null),
    readSalesSettings(db, membership.organizationId),
  ]);
  return { report, drill: drill && items ? { ...drill, items } : null, errors, clientMaySend: settings.client_may_send };
}

export default function AccountingAging({ loaderData }: Route.ComponentProps) {
  const d = loaderData;
  return <AgingScreen report={d.report} drill={d.drill} errors={d.errors} clientMaySend={d.clientMaySend} />;
}
