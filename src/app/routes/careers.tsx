import type { Route } from "./+types/careers";
import { pageMeta } from "../seo.ts";
import { publicUrlOf } from "~/features/marketing/meta.ts";
import { applyHref, careerBenefits, careerValues, jobs } from "~/features/marketing/company-content.ts";
import { CardGrid, CtaBand, PageHero, Section } from "~/features/marketing/components/sections.tsx";
import { ButtonLink } from "~/ui/button.tsx";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Careers: Open Positions in Accounting, Tax & ERP | Ledgerline Advisors",
    description:
      "Join Ledgerline Advisors in New York or remotely: open roles for a Senior Tax Accountant, Staff Bookkeeper, ERP Implementation Consultant and Financial Analyst.",
    path: "/careers",
    publicUrl: publicUrlOf(matches),
  });

export default function Careers() {
  return (
    <>
      <PageHero
        eyebrow="Careers"
        title="Build Your Career with Us"
        text="Join a team of 28 people who care about accurate work, clear explanations and a sustainable pace."
      />
      <Section title="Open Positions">
        <ul className="space-y-6">
          {jobs.map((job) => (
            <li
              key={job.title}
              className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm md:flex-row md:items-center md:justify-between"
            >
              <div>
                <h3 className="text-xl font-semibold text-ink">{job.title}</h3>
                <p className="mt-1 text-sm text-muted">
                  {job.department} · {job.location} · {job.type}
                </p>
                <p className="mt-3 max-w-2xl text-slate-700">{job.summary}</p>
              </div>
              <ButtonLink to={applyHref(job)} className="shrink-0 self-start md:self-center">
                Apply Now<span className="sr-only">: {job.title}</span>
              </ButtonLink>
            </li>
          ))}
        </ul>
      </Section>
      <Section title="Benefits" tone="muted">
        <CardGrid items={careerBenefits} />
      </Section>
      <Section title="How We Work">
        <CardGrid items={careerValues} />
      </Section>
      <CtaBand
        title="Don't See Your Role?"
        text="We are always glad to hear from accountants, bookkeepers and consultants. Tell us about yourself."
        actions={[{ to: "/contact", label: "Contact Us" }]}
      />
    </>
  );
}
