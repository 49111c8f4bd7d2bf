import { Link } from "react-router";
import type { Route } from "./+types/services";
import { pageMeta } from "../seo.ts";
import { publicUrlOf } from "~/features/marketing/meta.ts";
import { serviceList } from "~/features/marketing/services-content.ts";
import { CheckList, CtaBand, PageHero, Section } from "~/features/marketing/components/sections.tsx";
import { buttonClass } from "~/ui/button.tsx";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Accounting, Tax, ERP & Advisory Services | Ledgerline Advisors",
    description:
      "Bookkeeping, tax preparation and planning, ERP consulting and financial advisory for growing businesses, from one accountable team in New York.",
    path: "/services",
    publicUrl: publicUrlOf(matches),
  });

export default function Services() {
  return (
    <>
      <PageHero
        eyebrow="Our Services"
        title="Everything Your Finance Function Needs"
        text="Four practices, one team: pick the service you need today and add the others as you grow."
        actions={[
          { to: "/consultation", label: "Get Free Consultation" },
          { to: "/contact", label: "Contact Us" },
        ]}
      />
      <Section title="What We Do" intro="Each service is led by a partner and delivered by a named team that knows your business.">
        <ul className="grid gap-6 md:grid-cols-2">
          {serviceList.map((s) => (
            <li key={s.slug} className="flex flex-col rounded-xl border border-slate-200 bg-white p-8 shadow-sm">
              <h3 className="text-2xl font-semibold text-ink">{s.name}</h3>
              <p className="mt-3 text-slate-700">{s.summary}</p>
              <CheckList items={s.highlights} className="mt-5 flex-1" />
              <Link to={s.path} className={buttonClass("primary", "md", "mt-6 self-start")}>
                Learn more<span className="sr-only"> about {s.name}</span>
              </Link>
            </li>
          ))}
        </ul>
      </Section>
      <CtaBand
        title="Not Sure Where to Start?"
        text="Tell us what's slowing your finances down. In a free 30-minute call we'll recommend the right mix of services."
        actions={[
          { to: "/consultation", label: "Book a Free Consultation" },
          { to: "/contact", label: "Send Us a Message" },
        ]}
      />
    </>
  );
}
