import type { Route } from "./+types/about";
import { pageMeta } from "../seo.ts";
import { publicUrlOf } from "~/features/marketing/meta.ts";
import { aboutMission, aboutStats, aboutValues, leaders } from "~/features/marketing/company-content.ts";
import { CardGrid, CtaBand, PageHero, Section, Stats } from "~/features/marketing/components/sections.tsx";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "About Us: Our Mission, Values & Team | Ledgerline Advisors",
    description:
      "Since 2009 Ledgerline Advisors has served 500+ growing businesses from New York with bookkeeping, tax, ERP and advisory. Meet our leadership team.",
    path: "/about",
    publicUrl: publicUrlOf(matches),
  });

export default function About() {
  return (
    <>
      <PageHero
        eyebrow="About Us"
        title="About Ledgerline Advisors"
        text="Accountants, tax specialists and systems consultants who treat your business as if it were our own."
      />
      <Section title="Ledgerline in Numbers" tone="muted">
        <Stats items={aboutStats} />
      </Section>
      <Section title="Our Mission">
        <p className="max-w-3xl text-lg text-slate-700">{aboutMission}</p>
      </Section>
      <Section title="Our Values" tone="muted">
        <CardGrid items={aboutValues} />
      </Section>
      <Section id="team" title="Our Leadership Team" intro="Partners who still work directly with clients every week.">
        <ul className="grid gap-6 md:grid-cols-3">
          {leaders.map((p) => (
            <li key={p.name} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
              <span
                aria-hidden="true"
                className="flex h-16 w-16 items-center justify-center rounded-full bg-brand-700 text-xl font-bold text-white"
              >
                {p.initials}
              </span>
              <h3 className="mt-4 text-lg font-semibold text-ink">{p.name}</h3>
              <p className="text-sm font-medium text-brand-700">{p.role}</p>
              <p className="mt-3 text-slate-700">{p.bio}</p>
            </li>
          ))}
        </ul>
      </Section>
      <CtaBand
        title="Let's Talk About Your Business"
        text="A free 30-minute consultation with one of our partners, or a message answered within 24 hours."
        actions={[
          { to: "/consultation", label: "Book a Free Consultation" },
          { to: "/contact", label: "Contact Us" },
        ]}
      />
    </>
  );
}
