import { Link } from "react-router";
import type { Route } from "./+types/pricing";
import { pageMeta } from "../seo.ts";
import { publicUrlOf } from "~/features/marketing/meta.ts";
import { pricingFaqs } from "~/features/marketing/pricing-content.ts";
import { priceHead, priceText, pricingMeta } from "~/features/billing/catalogue-display.ts";
import { CheckList, CtaBand, PageHero, Section } from "~/features/marketing/components/sections.tsx";
import { buttonClass } from "~/ui/button.tsx";
import { cn } from "~/ui/cn.ts";

/** The plans and add-ons are the firm's catalogue (decision 117); the page is rendered again when it changes. */
export async function loader({ context }: Route.LoaderArgs) {
  return { catalogue: await context.app.catalogue.published() };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta({
    ...(loaderData ? pricingMeta(loaderData.catalogue) : { title: "Pricing | Ledgerline Advisors", description: "Plans and add-ons." }),
    path: "/pricing",
    publicUrl: publicUrlOf(matches),
  });

export default function Pricing({ loaderData }: Pick<Route.ComponentProps, "loaderData">) {
  const { plans, addOns } = loaderData.catalogue;
  return (
    <>
      <PageHero
        eyebrow="Pricing"
        title="Simple, Transparent Pricing"
        text="Fixed monthly fees agreed up front. No long-term contracts, no surprise invoices."
      />
      <Section title="Plans" intro="Every plan includes a named accountant and books closed by the 10th of each month.">
        <ul className="grid gap-6 lg:grid-cols-3">
          {plans.map((plan) => (
            <li
              key={plan.id}
              className={cn(
                "relative flex flex-col rounded-2xl border bg-white p-8 shadow-sm",
                plan.featured ? "border-brand-700 ring-2 ring-brand-700" : "border-slate-200",
              )}
            >
              {plan.featured ? (
                <p className="absolute -top-3 left-8 rounded-full bg-brand-700 px-3 py-1 text-xs font-semibold uppercase tracking-wide text-white">
                  Most popular
                </p>
              ) : null}
              <h3 className="text-xl font-semibold text-ink">{plan.name}</h3>
              <p className="mt-4">
                <span className="text-4xl font-bold text-ink">{priceHead(plan)}</span>
                {plan.price !== null && plan.price_suffix ? <span className="text-muted">{plan.price_suffix}</span> : null}
              </p>
              <p className="mt-3 text-slate-700">{plan.description}</p>
              <CheckList items={plan.features} className="mt-6 flex-1" />
              <Link
                to={plan.price === null ? "/contact" : "/consultation"}
                className={buttonClass(plan.featured ? "primary" : "secondary", "md", "mt-8")}
              >
                {plan.price === null ? "Contact Sales" : "Get Started"}
                <span className="sr-only"> with the {plan.name} plan</span>
              </Link>
            </li>
          ))}
        </ul>
      </Section>
      <Section title="Add-Ons" intro="Add any service to any plan." tone="muted">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {addOns.map((a) => (
            <li key={a.id} className="rounded-xl border border-slate-200 bg-white p-6">
              <h3 className="text-lg font-semibold text-ink">{a.name}</h3>
              <p className="mt-2 text-2xl font-bold text-brand-800">{priceText(a)}</p>
              <p className="mt-2 text-slate-700">{a.description}</p>
            </li>
          ))}
        </ul>
      </Section>
      <Section title="Frequently Asked Questions">
        <div className="max-w-3xl divide-y divide-slate-200 rounded-xl border border-slate-200">
          {pricingFaqs.map((f) => (
            <details key={f.question} className="group p-5">
              <summary className="cursor-pointer list-none text-lg font-semibold text-ink [&::-webkit-details-marker]:hidden">
                <span className="flex items-center justify-between gap-4">
                  {f.question}
                  <span aria-hidden="true" className="text-brand-700 transition-transform group-open:rotate-45">
                    +
                  </span>
                </span>
              </summary>
              <p className="mt-3 text-slate-700">{f.answer}</p>
            </details>
          ))}
        </div>
      </Section>
      <CtaBand
        title="Not Sure Which Plan Fits?"
        text="We'll look at your transaction volumes and recommend a plan in a free 30-minute call."
        actions={[
          { to: "/consultation", label: "Get Free Consultation" },
          { to: "/contact", label: "Ask a Question" },
        ]}
      />
    </>
  );
}
