import type { Route } from "./+types/accounting-packs";
import { requireBooksPage } from "~/features/tenancy/books-page.server.ts";
import { MonthEndPacksScreen } from "~/features/reports/components/month-end-packs-screen.tsx";
import { listPacks } from "~/features/reports/month-end-packs.server.ts";
import { YearEndPackages } from "~/features/yearend/index.ts";
import { listPackages } from "~/features/yearend/index.server.ts";

/**
 * /accounting/:orgId/packs: the books' month-end packs to download (owners and accountants prepare them), and the kept
 * year-end packages (prepared in Closing), which every member downloads here.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { membership } = await requireBooksPage(context, request, params.orgId);
  const [packs, packages] = await Promise.all([listPacks(context.app.db, membership), listPackages(context.app.db, membership)]);
  return { packs, packages };
}

export default function AccountingPacks({ loaderData }: Route.ComponentProps) {
  return (
    <div className="space-y-6">
      <MonthEndPacksScreen packs={loaderData.packs} />
      <YearEndPackages packages={loaderData.packages} />
    </div>
  );
}
