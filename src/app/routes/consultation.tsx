import { Link } from "react-router";
import type { Route } from "./+types/consultation";
import { pageMeta } from "../seo.ts";
import { firm } from "~/features/marketing/firm.ts";
import { publicUrlOf } from "~/features/marketing/meta.ts";
import { CardGrid, PageHero, Section, Steps } from "~/features/marketing/components/sections.tsx";
import { issueFormToken } from "~/features/leads/form-token.server.ts";
import { ConsultationButton } from "~/features/leads/components/consultation-button.tsx";
import { useAuth } from "~/features/auth/components/auth-context.tsx";

export function loader({ context }: Route.LoaderArgs) {
  return { formToken: issueFormToken(context.app.config.appSecret) };
}

/** Never stored: the form's anti-spam token is issued when the page is rendered (decision 015). */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Free 30-Minute Consultation | Ledgerline Advisors",
    description:
      "Book a free, no-obligation 30-minute call with a Ledgerline advisor about bookkeeping, tax, ERP or financial advisory. We reply within 24 hours to schedule it.",
    path: "/consultation",
    publicUrl: publicUrlOf(matches),
  });

const expectations = [
  { title: "A real advisor", text: "You talk with a CPA or senior consultant who works with businesses like yours, not a sales script." },
  { title: "A clear picture", text: "We look at where your books, taxes and systems stand today and what is costing you time or money." },
  { title: "Concrete next steps", text: "You leave with practical recommendations, whether or not you decide to work with us." },
] as const;

const howItWorks = [
  { title: "Tell us about you", text: "Your contact details and company, in about two minutes." },
  { title: "Share your needs", text: "Pick the services you're interested in and describe your challenges." },
  { title: "Pick a time", text: "Morning, afternoon or evening: tell us what suits you." },
  { title: "We call you", text: `We'll contact you within ${firm.responseHours} hours to schedule your call.` },
] as const;

const testimonials = [
  {
    quote:
      "In thirty minutes they found two deductions we had missed for years and showed us why our month-end close took three weeks. We signed up the same week.",
    name: "Sarah Mitchell",
    role: "CEO, Brightline Logistics",
  },
  {
    quote:
      "The consultation was honest advice, not a pitch. They told us our ERP project needed a data clean-up first, and they were right. It saved us months.",
    name: "David Okafor",
    role: "CFO, Harbor & Pine Manufacturing",
  },
] as const;

export default function Consultation({ loaderData }: Route.ComponentProps) {
  const { user } = useAuth();
  const initial = user
    ? { firstName: user.firstName ?? "", lastName: user.lastName ?? "", email: user.email, companyName: user.companyName ?? "" }
    : undefined;
  return (
    <>
      <PageHero
        eyebrow="Free Consultation"
        title="Free 30-Minute Consultation"
        text="Get expert advice on your bookkeeping, taxes, ERP systems or growth plans. No cost, no obligation: just a focused conversation about your business."
      >
        <div className="mt-8 flex flex-wrap items-center gap-4">
          <ConsultationButton formToken={loaderData.formToken} initial={initial} />
          <noscript>
            <p className="text-slate-100">
              The request form needs JavaScript. You can also call us at {firm.phone} or use the{" "}
              <a href="/contact" className="underline">
                contact form
              </a>
              .
            </p>
          </noscript>
        </div>
      </PageHero>

      <Section title="What to Expect" intro="A free, 30-minute video or phone call focused entirely on your business.">
        <CardGrid items={expectations} />
      </Section>

      <Section title="How It Works" tone="muted">
        <Steps steps={howItWorks} />
      </Section>

      <Section title="What Our Clients Say">
        <ul className="grid gap-6 md:grid-cols-2">
          {testimonials.map((t) => (
            <li key={t.name}>
              <figure className="h-full rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
                <blockquote className="text-lg text-slate-700">
                  <p>&ldquo;{t.quote}&rdquo;</p>
                </blockquote>
                <figcaption className="mt-4">
                  <span className="block font-semibold text-ink">{t.name}</span>
                  <span className="block text-sm text-muted">{t.role}</span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
        <p className="mt-10 text-slate-700">
          Have a quick question instead?{" "}
          <Link to="/contact" className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800">
            Send us a message
          </Link>{" "}
          or call {firm.phone}.
        </p>
      </Section>
    </>
  );
}
