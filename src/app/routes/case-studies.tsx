import type { Route } from "./+types/case-studies";
import { pageMeta } from "../seo.ts";
import { publicUrlOf } from "~/features/marketing/meta.ts";
import { caseStudies, caseStudyStats } from "~/features/marketing/company-content.ts";
import { CheckList, CtaBand, PageHero, Section, Stats } from "~/features/marketing/components/sections.tsx";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Success Stories: Client Case Studies | Ledgerline Advisors",
    description:
      "How Ledgerline helped a retailer close its books in 8 days, a software firm claim $412,000 in R&D credits, a distributor go live on Odoo and a dental group plan succession.",
    path: "/case-studies",
    publicUrl: publicUrlOf(matches),
  });

export default function CaseStudies() {
  return (
    <>
      <PageHero
        eyebrow="Case Studies"
        title="Success Stories"
        text="Real problems, the work we did and the results our clients measured."
      />
      <Section title="Results at a Glance" tone="muted">
        <Stats items={caseStudyStats} />
      </Section>
      <Section title="Client Stories">
        <ul className="grid gap-8 lg:grid-cols-2">
          {caseStudies.map((c) => (
            <li key={c.client}>
              <article className="h-full rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
                <p className="text-sm font-medium text-brand-700">
                  {c.industry} · {c.service}
                </p>
                <h3 className="mt-2 text-2xl font-semibold text-ink">{c.client}</h3>
                <h4 className="mt-5 font-semibold text-ink">The challenge</h4>
                <p className="mt-1 text-slate-700">{c.challenge}</p>
                <h4 className="mt-4 font-semibold text-ink">Our solution</h4>
                <p className="mt-1 text-slate-700">{c.solution}</p>
                <h4 className="mt-4 font-semibold text-ink">Results</h4>
                <CheckList items={c.results} className="mt-2" />
              </article>
            </li>
          ))}
        </ul>
      </Section>
      <CtaBand
        title="Write Your Own Success Story"
        text="Tell us where you want your business to be in a year. We'll show you how we'd get there."
        actions={[
          { to: "/consultation", label: "Get Free Consultation" },
          { to: "/contact", label: "Contact Us" },
        ]}
      />
    </>
  );
}
