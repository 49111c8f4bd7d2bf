import { data, Link } from "react-router";
import type { Route } from "./+types/blog-article";
import { pageMeta } from "../seo.ts";
import { publicUrlOf } from "~/features/marketing/meta.ts";
import { articles, categoryHref, findArticle, formatArticleDate, readingMinutes } from "~/features/marketing/blog-content.ts";
import { articleJsonLd } from "~/features/marketing/structured-data.ts";
import { CtaBand } from "~/features/marketing/components/sections.tsx";

export function loader({ params, context }: Route.LoaderArgs) {
  const article = findArticle(params.slug);
  if (!article) throw data(null, { status: 404 });
  const path = `/blog/${article.slug}`;
  // Built here, not in the browser: it travels as page data rather than as script (decision 015).
  return { slug: article.slug, jsonLd: articleJsonLd(context.app.config.publicUrl, { ...article, path }) };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const a = findArticle(loaderData?.slug);
  if (!a) return [{ title: "Page not found | Ledgerline Advisors" }, { name: "robots", content: "noindex" }];
  const publicUrl = publicUrlOf(matches) ?? "";
  const path = `/blog/${a.slug}`;
  return pageMeta({
    title: `${a.title} | Ledgerline Advisors`,
    description: a.excerpt,
    path,
    publicUrl,
    jsonLd: loaderData?.jsonLd,
  });
};

export default function BlogArticle({ loaderData }: Route.ComponentProps) {
  const a = findArticle(loaderData.slug)!;
  const more = articles
    .filter((x) => x.slug !== a.slug && x.category === a.category)
    .concat(articles.filter((x) => x.category !== a.category))
    .slice(0, 2);
  return (
    <>
      <article className="mx-auto max-w-3xl px-4 py-16 sm:px-6 lg:px-8">
        <p className="text-sm">
          <Link to="/blog" className="font-medium text-brand-700 hover:underline">
            ← All articles
          </Link>
          <span aria-hidden="true" className="mx-2 text-slate-400">
            /
          </span>
          <Link to={categoryHref(a.category)} className="font-medium text-brand-700 hover:underline">
            {a.category}
          </Link>
        </p>
        <h1 className="mt-4 text-4xl font-bold tracking-tight text-ink">{a.title}</h1>
        <p className="mt-4 text-muted">
          {a.author} · <time dateTime={a.date}>{formatArticleDate(a.date)}</time> · {readingMinutes(a)} min read
        </p>
        <p className="mt-8 text-xl text-slate-700">{a.excerpt}</p>
        {a.body.map((section, i) => (
          <div key={i} className="mt-8">
            {section.heading ? <h2 className="text-2xl font-semibold text-ink">{section.heading}</h2> : null}
            {section.paragraphs.map((p) => (
              <p key={p.slice(0, 40)} className="mt-4 text-lg leading-relaxed text-slate-800">
                {p}
              </p>
            ))}
          </div>
        ))}
        <aside aria-labelledby="more-heading" className="mt-16 border-t border-slate-200 pt-8">
          <h2 id="more-heading" className="text-xl font-semibold text-ink">
            Keep reading
          </h2>
          <ul className="mt-4 space-y-3">
            {more.map((m) => (
              <li key={m.slug}>
                <Link to={`/blog/${m.slug}`} className="font-medium text-brand-700 hover:underline">
                  {m.title}
                </Link>
              </li>
            ))}
          </ul>
        </aside>
      </article>
      <CtaBand
        title="Want Advice for Your Situation?"
        text="Articles are general information. Book a free 30-minute consultation to talk through your own numbers."
        actions={[{ to: "/consultation", label: "Get Free Consultation" }]}
      />
    </>
  );
}
