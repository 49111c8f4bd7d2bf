import type { ReactNode } from "react";
import { Link } from "react-router";
import { cn } from "./cn.ts";

/** A link to another page of a list: the current query (`filters`, empty values left out) with that page number. */
export function pageHref(filters: Record<string, unknown>, page: number): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(filters)) if (k !== "page" && v !== undefined && v !== "") params.set(k, String(v));
  if (page > 1) params.set("page", String(page));
  const s = params.toString();
  return s ? `?${s}` : ".";
}

type PageLink = { to: string; text: string } | null;

/** The pages of a list: `status` (where you are), then links to the page before and after, each when there is one. */
export function Pager({
  label,
  status,
  previous,
  next,
  className,
}: {
  label: string;
  status: ReactNode;
  previous: PageLink;
  next: PageLink;
  className?: string;
}) {
  return (
    <nav aria-label={label} className={cn("flex items-center justify-between text-sm text-slate-700", className)}>
      <span>{status}</span>
      <span className="flex gap-3">
        {[previous, next].map((link) =>
          link ? (
            <Link key={link.text} className="font-medium text-brand-700 underline" to={link.to}>
              {link.text}
            </Link>
          ) : null,
        )}
      </span>
    </nav>
  );
}
