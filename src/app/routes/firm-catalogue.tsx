import { CatalogueScreen } from "~/features/billing/components/catalogue-screen.tsx";
import { requirePageHiddenPermission } from "~/server/http/page-guards.ts";
import type { Route } from "./+types/firm-catalogue";

export const meta: Route.MetaFunction = () => [{ title: "Catalogue | Firm workspace" }, { name: "robots", content: "noindex" }];

/** The firm workspace's Catalogue section: the plans and add-ons of the pricing page (admins; GET /api/firm/catalogue). */
export async function loader({ context }: Route.LoaderArgs) {
  requirePageHiddenPermission(context, "firm.catalogue");
  return { items: await context.app.catalogue.list() };
}

export default function FirmCatalogue({ loaderData }: Route.ComponentProps) {
  return <CatalogueScreen items={loaderData.items} />;
}
