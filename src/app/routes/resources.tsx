import { Link } from "react-router";
import type { Route } from "./+types/resources";
import { pageMeta } from "../seo.ts";
import { publicUrlOf } from "~/features/marketing/meta.ts";
import { articles, formatArticleDate } from "~/features/marketing/blog-content.ts";
import { calculatorLinks, downloads, WEBINAR_EMAIL, webinars } from "~/features/marketing/resources-content.ts";
import { PageHero, Section } from "~/features/marketing/components/sections.tsx";
import { NewsletterForm } from "~/features/content/components/newsletter-form.tsx";
import { buttonClass } from "~/ui/button.tsx";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Free Resources: Calculators, Checklists & Webinars | Ledgerline Advisors",
    description:
      "Free ROI and R&D tax credit calculators, monthly close and tax document checklists, articles and upcoming webinars for business owners.",
    path: "/resources",
    publicUrl: publicUrlOf(matches),
  });

export default function Resources() {
  return (
    <>
      <PageHero eyebrow="Resources" title="Free Tools and Guides for Business Owners" text="Calculators, checklists, articles and webinars from our accountants and advisors." />
      <Section title="Financial Calculators" intro="Sign in to use our calculators and save your results.">
        <ul className="grid gap-6 md:grid-cols-2">
          {calculatorLinks.map((c) => (
            <li key={c.to} className="flex flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
              <h3 className="text-xl font-semibold text-ink">{c.title}</h3>
              <p className="mt-2 flex-1 text-slate-700">{c.text}</p>
              <Link to={c.to} className={buttonClass("primary", "md", "mt-5 self-start")}>
                Open<span className="sr-only"> the {c.title}</span>
              </Link>
            </li>
          ))}
        </ul>
      </Section>
      <Section title="Free Downloads" tone="muted">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {downloads.map((d) => (
            <li key={d.title} className="flex flex-col rounded-xl border border-slate-200 bg-white p-6">
              <h3 className="text-lg font-semibold text-ink">{d.title}</h3>
              <p className="mt-2 flex-1 text-slate-700">{d.text}</p>
              {d.emailRequired ? (
                <p className="mt-4 text-sm">
                  <span className="rounded-full bg-amber-100 px-2 py-0.5 font-semibold text-amber-900">Email required</span>{" "}
                  <a href="#newsletter-resources" className="font-semibold text-brand-700 underline">
                    Subscribe to receive it<span className="sr-only">: {d.title}</span>
                  </a>
                </p>
              ) : (
                <a href={d.href!} download className="mt-4 font-semibold text-brand-700 underline">
                  Download {d.title} ({d.format})
                </a>
              )}
            </li>
          ))}
        </ul>
        <div className="mt-10 max-w-xl rounded-xl border border-slate-200 bg-white p-6">
          <h3 className="text-lg font-semibold text-ink">Get the guides by email</h3>
          <p className="mt-1 text-slate-700">Subscribers receive every guide and our monthly notes on tax deadlines and bookkeeping.</p>
          <NewsletterForm source="resources" className="mt-4" />
        </div>
      </Section>
      <Section title="Latest Articles">
        <ul className="grid gap-6 md:grid-cols-3">
          {articles.slice(0, 3).map((a) => (
            <li key={a.slug} className="flex flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
              <p className="text-sm font-medium text-brand-700">{a.category}</p>
              <h3 className="mt-2 text-lg font-semibold text-ink">
                <Link to={`/blog/${a.slug}`} className="hover:underline">{a.title}</Link>
              </h3>
              <p className="mt-2 flex-1 text-slate-700">{a.excerpt}</p>
              <p className="mt-4 text-sm text-muted">{formatArticleDate(a.date)}</p>
            </li>
          ))}
        </ul>
        <Link to="/blog" className={buttonClass("secondary", "md", "mt-8")}>View All Articles</Link>
      </Section>
      <Section id="webinars" title="Webinars" intro="Free 45-to-60-minute sessions with live questions. Recordings are sent to everyone who registers." tone="muted">
        <ul className="grid gap-6 md:grid-cols-3">
          {webinars.map((w) => (
            <li key={w.title} className="flex flex-col rounded-xl border border-slate-200 bg-white p-6">
              <h3 className="text-lg font-semibold text-ink">{w.title}</h3>
              <p className="mt-2 text-slate-700">{w.date}</p>
              <p className="text-slate-700">{w.time}</p>
              <p className="mt-2 flex-1 text-sm text-muted">Presented by {w.host}</p>
              <a href={`mailto:${WEBINAR_EMAIL}?subject=${encodeURIComponent(`Register: ${w.title}`)}`} className="mt-4 font-semibold text-brand-700 underline">
                Register by email<span className="sr-only"> for {w.title}</span>
              </a>
            </li>
          ))}
        </ul>
      </Section>
    </>
  );
}
