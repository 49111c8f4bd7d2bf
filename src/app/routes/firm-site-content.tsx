import { SiteContentScreen } from "~/features/content/components/site-content-screen.tsx";
import { homeFallbackByKey } from "~/features/marketing/home-content.ts";
import { requirePageHiddenPermission } from "~/server/http/page-guards.ts";
import type { Route } from "./+types/firm-site-content";

export const meta: Route.MetaFunction = () => [{ title: "Site content | Firm workspace" }, { name: "robots", content: "noindex" }];

/** The firm workspace's Site content section (staff and admins). */
export async function loader({ context }: Route.LoaderArgs) {
  requirePageHiddenPermission(context, "firm.content");
  return { entries: await context.app.siteContent.list(), fallbacks: homeFallbackByKey() };
}

export default function FirmSiteContent({ loaderData }: Route.ComponentProps) {
  return <SiteContentScreen entries={loaderData.entries} fallbacks={loaderData.fallbacks} />;
}
