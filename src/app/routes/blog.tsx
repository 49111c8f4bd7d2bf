import { Link } from "react-router";
import type { Route } from "./+types/blog";
import { pageMeta } from "../seo.ts";
import { publicUrlOf } from "~/features/marketing/meta.ts";
import {
  articlesIn,
  BLOG_CATEGORIES,
  categoryHref,
  formatArticleDate,
  parseCategory,
  readingMinutes,
} from "~/features/marketing/blog-content.ts";
import { PageHero, Section } from "~/features/marketing/components/sections.tsx";
import { NewsletterForm } from "~/features/content/components/newsletter-form.tsx";
import { buttonClass } from "~/ui/button.tsx";
import { cn } from "~/ui/cn.ts";

export function loader({ request }: Route.LoaderArgs) {
  const category = parseCategory(new URL(request.url).searchParams.get("category"));
  return { category };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Insights & Resources: Tax, Bookkeeping & ERP Articles | Ledgerline Advisors",
    description:
      "Practical articles on tax deadlines, the monthly close, ERP selection, cash-flow forecasting and growing a business, written by Ledgerline's accountants.",
    path: "/blog",
    publicUrl: publicUrlOf(matches),
  });

export default function Blog({ loaderData }: Route.ComponentProps) {
  const { category } = loaderData;
  const list = articlesIn(category);
  return (
    <>
      <PageHero eyebrow="Blog" title="Insights & Resources" text="Practical guidance from our accountants, tax specialists and advisors." />
      <Section title={category ? `${category} Articles` : "Latest Articles"}>
        <nav aria-label="Article categories">
          <ul className="flex flex-wrap gap-2">
            {[null, ...BLOG_CATEGORIES].map((c) => {
              const active = c === category;
              return (
                <li key={c ?? "all"}>
                  <Link
                    to={categoryHref(c)}
                    preventScrollReset
                    aria-current={active ? "page" : undefined}
                    className={cn(
                      "inline-block rounded-full border px-4 py-1.5 text-sm font-medium",
                      active ? "border-brand-700 bg-brand-700 text-white" : "border-slate-300 bg-white text-slate-700 hover:bg-slate-100",
                    )}
                  >
                    {c ?? "All"}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <p className="sr-only" role="status">
          {list.length} {list.length === 1 ? "article" : "articles"}
          {category ? ` in ${category}` : ""}
        </p>
        <ul className="mt-8 grid gap-6 md:grid-cols-2 lg:grid-cols-3" data-testid="article-list">
          {list.map((a) => (
            <li key={a.slug}>
              <article className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
                <p className="text-sm font-medium text-brand-700">{a.category}</p>
                <h3 className="mt-2 text-xl font-semibold text-ink">{a.title}</h3>
                <p className="mt-3 flex-1 text-slate-700">{a.excerpt}</p>
                <p className="mt-4 text-sm text-muted">
                  {a.author} · <time dateTime={a.date}>{formatArticleDate(a.date)}</time> · {readingMinutes(a)} min read
                </p>
                <Link to={`/blog/${a.slug}`} className={buttonClass("secondary", "sm", "mt-5 self-start")}>
                  Read More<span className="sr-only">: {a.title}</span>
                </Link>
              </article>
            </li>
          ))}
        </ul>
      </Section>
      <section aria-labelledby="blog-newsletter-heading" className="bg-slate-50">
        <div className="mx-auto max-w-3xl px-4 py-16 text-center sm:px-6 lg:px-8">
          <h2 id="blog-newsletter-heading" className="text-2xl font-bold text-ink">
            Subscribe to Our Newsletter
          </h2>
          <p className="mt-2 text-slate-700">One email a month: deadlines, new articles and webinar invitations. Unsubscribe any time.</p>
          <NewsletterForm source="blog" className="mx-auto mt-6 max-w-md text-left" />
        </div>
      </section>
    </>
  );
}
