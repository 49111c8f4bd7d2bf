import type { Route } from "./+types/accounting-packs";
import { requireBooksPage } from "~/features/tenancy/books-page.server.ts";
import { MonthEndPacksScreen } from "~/features/reports/components/month-end-packs-screen.tsx";
import { listPacks } from "~/features/reports/month-end-packs.server.ts";

/** /accounting/:orgId/packs: the books' month-end packs to download; owners and accountants prepare them. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { membership } = await requireBooksPage(context, request, params.orgId);
  return { packs: await listPacks(context.app.db, membership) };
}

export default function AccountingPacks({ loaderData }: Route.ComponentProps) {
  return <MonthEndPacksScreen packs={loaderData.packs} />;
}
