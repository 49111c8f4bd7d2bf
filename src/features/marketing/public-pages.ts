import { articles } from "./blog-content.ts";
import { serviceList } from "./services-content.ts";

/** Every public, indexable page path (the sitemap lists them; auth pages carry noindex and are left out). */
export const publicPagePaths: string[] = [
  "/",
  "/services",
  ...serviceList.map((s) => s.path),
  "/about",
  "/contact",
  "/pricing",
  "/resources",
  "/blog",
  ...articles.map((a) => `/blog/${a.slug}`),
  "/case-studies",
  "/careers",
  "/press",
  "/privacy",
  "/terms",
  "/consultation",
];

function escapeXml(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");
}

/** sitemap.xml with the absolute canonical URL of every public page. */
export function sitemapXml(publicUrl: string, paths: string[] = publicPagePaths): string {
  const base = publicUrl.replace(/\/+$/, "");
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${paths.map((p) => `  <url><loc>${escapeXml(`${base}${p}`)}</loc></url>`).join("\n")}
</urlset>
`;
}

export function robotsTxt(publicUrl: string): string {
  const base = publicUrl.replace(/\/+$/, "");
  return `User-agent: *
Allow: /
Disallow: /api/
Disallow: /accounting
Disallow: /calculators
Disallow: /dev/

Sitemap: ${base}/sitemap.xml
`;
}
