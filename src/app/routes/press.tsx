import type { Route } from "./+types/press";
import { pageMeta } from "../seo.ts";
import { publicUrlOf } from "~/features/marketing/meta.ts";
import { mediaContact, mediaKit, pressReleases } from "~/features/marketing/company-content.ts";
import { formatArticleDate } from "~/features/marketing/blog-content.ts";
import { CtaBand, PageHero, Section } from "~/features/marketing/components/sections.tsx";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Press & Media: News and Media Kit | Ledgerline Advisors",
    description: "Press releases, logos, fact sheet and leadership biographies of Ledgerline Advisors, and how to reach our media contact.",
    path: "/press",
    publicUrl: publicUrlOf(matches),
  });

export default function Press() {
  return (
    <>
      <PageHero
        eyebrow="Press"
        title="Press & Media"
        text="News about Ledgerline Advisors, and everything journalists need to write about us."
      />
      <Section title="Press Releases">
        <ul className="space-y-6">
          {pressReleases.map((p) => (
            <li key={p.title} className="rounded-xl border border-slate-200 bg-white p-6">
              <p className="text-sm text-muted">
                <time dateTime={p.date}>{formatArticleDate(p.date)}</time>
              </p>
              <h3 className="mt-1 text-xl font-semibold text-ink">{p.title}</h3>
              <p className="mt-2 text-slate-700">{p.summary}</p>
            </li>
          ))}
        </ul>
      </Section>
      <Section title="Media Kit" tone="muted">
        <div className="grid gap-8 md:grid-cols-2">
          <ul className="space-y-3">
            {mediaKit.map((m) => (
              <li key={m.href}>
                <a href={m.href} download className="font-semibold text-brand-700 underline">
                  Download {m.title}
                </a>{" "}
                <span className="text-sm text-muted">({m.size})</span>
              </li>
            ))}
          </ul>
          <div className="rounded-xl border border-slate-200 bg-white p-6">
            <h3 className="text-lg font-semibold text-ink">Media Contact</h3>
            <p className="mt-2 text-slate-700">
              {mediaContact.name}, {mediaContact.role}
            </p>
            <p className="mt-1">
              <a href={`mailto:${mediaContact.email}`} className="font-medium text-brand-700 underline">
                {mediaContact.email}
              </a>
            </p>
            <p className="mt-1">
              <a href={mediaContact.phoneHref} className="font-medium text-brand-700 underline">
                {mediaContact.phone}
              </a>
            </p>
          </div>
        </div>
      </Section>
      <CtaBand
        title="Other Enquiries"
        text="For anything other than press, our team answers within 24 hours."
        actions={[{ to: "/contact", label: "Contact Us" }]}
      />
    </>
  );
}
