import type { Route } from "./+types/sitemap-xml";
import { sitemapXml } from "~/features/marketing/public-pages.ts";

export function loader({ context }: Route.LoaderArgs) {
  return new Response(sitemapXml(context.app.config.publicUrl), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
