import type { Route } from "./+types/robots-txt";

export function loader({ context }: Route.LoaderArgs) {
  const base = context.app.config.publicUrl;
  const body = `User-agent: *
Allow: /
Disallow: /api/
Disallow: /accounting
Disallow: /calculators
Disallow: /dev/

Sitemap: ${base}/sitemap.xml
`;
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
