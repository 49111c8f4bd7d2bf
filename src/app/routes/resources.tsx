import { Link } from "react-router";
import type { Route } from "./+types/resources";
import { pageMeta } from "../seo.ts";
import { publicUrlOf } from "~/features/marketing/meta.ts";
import { articles, formatArticleDate } from "~/features/marketing/blog-content.ts";
import { calculatorLinks, downloads, WEBINAR_EMAIL } from "~/features/marketing/resources-content.ts";
import { webinarCards, type WebinarCard as Session } from "~/features/marketing/webinars.ts";
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

/** Which webinars are still to come is worked out on the server from the current date (New York time). */
export function loader() {
  return webinarCards(new Date());
}

function WebinarCard({ session, recording }: { session: Session; recording: boolean }) {
  const subject = `${recording ? "Recording" : "Register"}: ${session.title} (${session.date})`;
  return (
    <li className="flex flex-col rounded-xl border border-slate-200 bg-white p-6">
      {recording ? <p className="text-sm font-semibold text-slate-700">Recording</p> : null}
      <h4 className="text-lg font-semibold text-ink">{session.title}</h4>
      <p className="mt-2 text-slate-700">
        {recording ? "Held on " : ""}
        <time dateTime={session.start}>{session.date}</time>
      </p>
      {recording ? null : <p className="text-slate-700">{session.time}</p>}
      <p className="mt-2 flex-1 text-sm text-muted">Presented by {session.host}</p>
      <a href={`mailto:${WEBINAR_EMAIL}?subject=${encodeURIComponent(subject)}`} className="mt-4 font-semibold text-brand-700 underline">
        {recording ? "Get the recording by email" : "Register by email"}
        <span className="sr-only">: {session.title}</span>
      </a>
    </li>
  );
}

export default function Resources({ loaderData }: Route.ComponentProps) {
  const { upcoming, recordings } = loaderData;
  return (
    <>
      <PageHero
        eyebrow="Resources"
        title="Free Tools and Guides for Business Owners"
        text="Calculators, checklists, articles and webinars from our accountants and advisors."
      />
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
                <Link to={`/blog/${a.slug}`} className="hover:underline">
                  {a.title}
                </Link>
              </h3>
              <p className="mt-2 flex-1 text-slate-700">{a.excerpt}</p>
              <p className="mt-4 text-sm text-muted">{formatArticleDate(a.date)}</p>
            </li>
          ))}
        </ul>
        <Link to="/blog" className={buttonClass("secondary", "md", "mt-8")}>
          View All Articles
        </Link>
      </Section>
      <Section
        id="webinars"
        title="Webinars"
        intro="Free 45-minute sessions with live questions, every third Wednesday of the month. Everyone who registers gets the recording."
        tone="muted"
      >
        <h3 className="text-xl font-semibold text-ink">Upcoming</h3>
        {upcoming.length ? (
          <ul className="mt-4 grid gap-6 md:grid-cols-3" data-testid="upcoming-webinars">
            {upcoming.map((w) => (
              <WebinarCard key={w.start} session={w} recording={false} />
            ))}
          </ul>
        ) : (
          <p className="mt-4 text-slate-700">No sessions are scheduled right now. Subscribe above to hear about the next one.</p>
        )}
        {recordings.length ? (
          <>
            <h3 className="mt-10 text-xl font-semibold text-ink">Recordings</h3>
            <ul className="mt-4 grid gap-6 md:grid-cols-3" data-testid="webinar-recordings">
              {recordings.map((w) => (
                <WebinarCard key={w.start} session={w} recording />
              ))}
            </ul>
          </>
        ) : null}
      </Section>
    </>
  );
}
