import type { Route } from "./+types/sitemap-xml";

export const publicPaths = [
  "/", "/services", "/services/bookkeeping", "/services/tax", "/services/erp", "/services/advisory",
  "/about", "/contact", "/pricing", "/resources", "/blog", "/case-studies", "/careers", "/press",
  "/privacy", "/terms", "/consultation",
];

export function loader({ context }: Route.LoaderArgs) {
  const base = context.app.config.publicUrl;
  const body = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${publicPaths.map((p) => `  <url><loc>${base}${p}</loc></url>`).join("\n")}
</urlset>
`;
  return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
