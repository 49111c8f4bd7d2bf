import { Link } from "react-router";
import type { Route } from "./+types/contact";
import { pageMeta } from "../seo.ts";
import { firm } from "~/features/marketing/firm.ts";
import { publicUrlOf } from "~/features/marketing/meta.ts";
import { firmJsonLd } from "~/features/marketing/structured-data.ts";
import { PageHero } from "~/features/marketing/components/sections.tsx";
import { applicationMessage } from "~/features/leads/contact-options.ts";
import type { ContactFormValues } from "~/features/leads/contact.schema.ts";
import { issueFormToken } from "~/features/leads/form-token.server.ts";
import { deferredModule } from "~/ui/deferred.tsx";
import { useAuth } from "~/features/auth/components/auth-context.tsx";

/** The form (react-hook-form) is not part of the page's load: it is fetched on the visitor's first interaction (deferred.tsx). */
const ContactForm = deferredModule(() => import("~/features/leads/components/contact-form.tsx")).component((m) => m.ContactForm);

/** Outcome of a form posted without JavaScript (the API redirects back here). */
const NO_SCRIPT_OUTCOMES = {
  sent: { tone: "ok", text: "Message Sent! Thank you for your message. We'll get back to you within 24 hours." },
  validation: { tone: "error", text: "Validation Error: Please fill in all required fields." },
  rate: { tone: "error", text: "Error: Too many messages from this sender. Please try again later." },
  server: { tone: "error", text: "Error: Failed to send message. Please try again." },
} as const;

export function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const position = url.searchParams.get("position")?.replace(/\s+/g, " ").trim().slice(0, 150) || null;
  const error = url.searchParams.get("error");
  const outcome = url.searchParams.has("sent")
    ? "sent"
    : error && error in NO_SCRIPT_OUTCOMES
      ? (error as keyof typeof NO_SCRIPT_OUTCOMES)
      : null;
  return {
    formToken: issueFormToken(context.app.config.appSecret),
    position,
    outcome,
    // Built here, not in the browser: it travels as page data rather than as script (decision 015).
    jsonLd: firmJsonLd(context.app.config.publicUrl),
  };
}

/** Never stored: the form's anti-spam token is issued when the page is rendered (decision 015). */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const publicUrl = publicUrlOf(matches);
  return pageMeta({
    title: "Contact Us | Ledgerline Advisors",
    description: `Talk to Ledgerline Advisors about bookkeeping, tax, ERP or advisory. Call ${firm.phone}, email ${firm.email}, or send a message; we reply within 24 hours.`,
    path: "/contact",
    publicUrl,
    jsonLd: loaderData?.jsonLd,
  });
};

export default function Contact({ loaderData }: Route.ComponentProps) {
  const { formToken, position, outcome } = loaderData;
  const { user } = useAuth();
  const initial: Partial<ContactFormValues> = {
    ...(user ? { firstName: user.firstName ?? "", lastName: user.lastName ?? "", email: user.email, company: user.companyName ?? "" } : {}),
    ...(position ? { service: "other", message: applicationMessage(position) } : {}),
  };
  const notice = outcome ? NO_SCRIPT_OUTCOMES[outcome] : null;

  return (
    <>
      <PageHero
        eyebrow="Contact"
        title="Contact Us"
        text={`Questions about your books, taxes or systems? Send us a message and we'll get back to you within ${firm.responseHours} hours.`}
      />
      <div className="mx-auto grid max-w-7xl gap-12 px-4 py-16 sm:px-6 lg:grid-cols-5 lg:px-8">
        <aside className="space-y-8 lg:col-span-2" aria-label="Contact details">
          <section aria-labelledby="contact-details-heading">
            <h2 id="contact-details-heading" className="text-2xl font-bold text-ink">
              Get in Touch
            </h2>
            <address className="mt-4 space-y-3 not-italic text-slate-700">
              <p>
                <span className="block text-sm font-semibold uppercase tracking-wide text-muted">Phone</span>
                <a href={firm.phoneHref} className="font-medium text-brand-700 underline-offset-2 hover:underline">
                  {firm.phone}
                </a>
              </p>
              <p>
                <span className="block text-sm font-semibold uppercase tracking-wide text-muted">Email</span>
                <a href={`mailto:${firm.email}`} className="font-medium text-brand-700 underline-offset-2 hover:underline">
                  {firm.email}
                </a>
              </p>
              <p>
                <span className="block text-sm font-semibold uppercase tracking-wide text-muted">Office</span>
                {firm.address.street}
                <br />
                {firm.address.city}, {firm.address.region} {firm.address.postalCode}
              </p>
            </address>
          </section>

          <section aria-labelledby="business-hours-heading">
            <h2 id="business-hours-heading" className="text-2xl font-bold text-ink">
              Business Hours
            </h2>
            <dl className="mt-4 divide-y divide-slate-200 rounded-lg border border-slate-200">
              {firm.hours.map((h) => (
                <div key={h.days} className="flex justify-between gap-4 px-4 py-3">
                  <dt className="font-medium text-ink">{h.days}</dt>
                  <dd className={h.spec ? "text-slate-700" : "text-muted"}>{h.time}</dd>
                </div>
              ))}
            </dl>
          </section>

          <section aria-labelledby="consultation-cta-heading" className="rounded-xl bg-brand-50 p-6">
            <h2 id="consultation-cta-heading" className="text-xl font-bold text-ink">
              Prefer to talk it through?
            </h2>
            <p className="mt-2 text-slate-700">Book a free 30-minute consultation with one of our advisors.</p>
            <Link
              to="/consultation"
              className="mt-4 inline-block font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800"
            >
              Schedule a free consultation
            </Link>
          </section>
        </aside>

        <section id="lead-form" aria-labelledby="contact-form-heading" className="scroll-mt-24 lg:col-span-3">
          <div className="rounded-xl border border-slate-200 p-6 shadow-sm sm:p-8">
            <h2 id="contact-form-heading" className="text-2xl font-bold text-ink">
              Send Us a Message
            </h2>
            {notice ? (
              <p
                role={notice.tone === "ok" ? "status" : "alert"}
                className={
                  notice.tone === "ok" ? "mt-4 rounded-md bg-emerald-50 p-3 text-emerald-900" : "mt-4 rounded-md bg-red-50 p-3 text-red-900"
                }
              >
                {notice.text}
              </p>
            ) : null}
            <div className="mt-6">
              <ContactForm formToken={formToken} initial={initial} />
            </div>
          </div>
        </section>
      </div>
    </>
  );
}
