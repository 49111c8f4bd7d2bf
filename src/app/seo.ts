import type { MetaDescriptor } from "react-router";

export const DEFAULT_TITLE = "Ledgerline Advisors | Accounting, Bookkeeping, Tax & ERP Advisory";
export const DEFAULT_DESCRIPTION =
  "Ledgerline Advisors provides accounting, bookkeeping, tax planning and ERP advisory for growing businesses. Book a free 30-minute consultation.";

export interface PageMetaInput {
  title: string;
  description: string;
  /** The page's path, for canonical and og:url (the canonical link itself is rendered by the layout). */
  path: string;
  /** Absolute site URL (PUBLIC_URL), from the root loader. */
  publicUrl?: string;
  noindex?: boolean;
  jsonLd?: Record<string, unknown> | Record<string, unknown>[];
}

/** Title, description, Open Graph, Twitter and optional JSON-LD for one page. */
export function pageMeta(input: PageMetaInput): MetaDescriptor[] {
  const url = input.publicUrl ? `${input.publicUrl}${input.path === "/" ? "/" : input.path}` : input.path;
  const meta: MetaDescriptor[] = [
    { title: input.title },
    { name: "description", content: input.description },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: "Ledgerline Advisors" },
    { property: "og:title", content: input.title },
    { property: "og:description", content: input.description },
    { property: "og:url", content: url },
    { name: "twitter:card", content: "summary" },
    { name: "twitter:title", content: input.title },
    { name: "twitter:description", content: input.description },
  ];
  if (input.noindex) meta.push({ name: "robots", content: "noindex, nofollow" });
  if (input.jsonLd) meta.push({ "script:ld+json": input.jsonLd });
  return meta;
}
