import { data, Link } from "react-router";
import type { Route } from "./+types/service-page";
import { pageMeta } from "../seo.ts";
import { publicUrlOf } from "~/features/marketing/meta.ts";
import { findService } from "~/features/marketing/services-content.ts";
import { breadcrumbJsonLd } from "~/features/marketing/structured-data.ts";
import { CardGrid, CheckList, PageHero, Section, Steps } from "~/features/marketing/components/sections.tsx";
import { buttonClass } from "~/ui/button.tsx";

/** The pages above a service page, in its breadcrumb (shown, and in the page's JSON-LD). */
const SERVICES_TRAIL = [
  { name: "Home", path: "/" },
  { name: "Services", path: "/services" },
];

export function loader({ params, context }: Route.LoaderArgs) {
  const service = findService(params.service);
  if (!service) throw data(null, { status: 404 });
  const trail = [...SERVICES_TRAIL, { name: service.name, path: service.path }];
  // Built here, not in the browser: it travels as page data rather than as script (decision 015).
  return { slug: service.slug, jsonLd: breadcrumbJsonLd(context.app.config.publicUrl, trail) };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const service = findService(loaderData?.slug);
  if (!service) return [{ title: "Page not found | Ledgerline Advisors" }, { name: "robots", content: "noindex" }];
  const publicUrl = publicUrlOf(matches) ?? "";
  return pageMeta({
    title: service.metaTitle,
    description: service.metaDescription,
    path: service.path,
    publicUrl,
    jsonLd: loaderData?.jsonLd,
  });
};

export default function ServicePage({ loaderData }: Route.ComponentProps) {
  const s = findService(loaderData.slug)!;
  return (
    <>
      <nav aria-label="Breadcrumb" className="border-b border-slate-200 bg-white">
        <ol className="mx-auto flex max-w-7xl gap-2 px-4 py-3 text-sm text-muted sm:px-6 lg:px-8">
          {SERVICES_TRAIL.map((step) => (
            <li key={step.path}>
              <Link to={step.path} className="hover:underline">
                {step.name}
              </Link>{" "}
              <span aria-hidden="true">/</span>
            </li>
          ))}
          <li aria-current="page" className="font-medium text-ink">
            {s.name}
          </li>
        </ol>
      </nav>
      <PageHero
        eyebrow={s.hero.eyebrow}
        title={s.hero.title}
        text={s.hero.text}
        actions={[
          { to: "/consultation", label: "Get Free Consultation" },
          { to: "/contact", label: "Contact Us" },
        ]}
      />

      {s.taxSeason ? (
        <section aria-labelledby="tax-season-heading" className="bg-amber-50">
          <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
            <h2 id="tax-season-heading" className="text-2xl font-bold text-amber-900">
              {s.taxSeason.title}
            </h2>
            <p className="mt-2 text-slate-800">{s.taxSeason.text}</p>
            <div className="mt-6">
              <CardGrid items={s.taxSeason.cards} />
            </div>
          </div>
        </section>
      ) : null}

      <Section title={`What Our ${s.name} Include${s.name.endsWith("s") ? "" : "s"}`} tone="muted">
        <CardGrid items={s.features} />
      </Section>

      {s.platforms ? (
        <Section title={s.platforms.title}>
          <CardGrid items={s.platforms.items} />
        </Section>
      ) : null}
      {s.areas ? (
        <Section title={s.areas.title}>
          <CardGrid items={s.areas.items} />
        </Section>
      ) : null}
      {s.process ? (
        <Section title={s.process.title} tone="muted">
          <Steps steps={s.process.steps} />
        </Section>
      ) : null}

      <Section title={s.benefitsTitle}>
        <div className="grid gap-10 lg:grid-cols-3">
          <CheckList items={s.benefits} className="lg:col-span-2" />
          <aside aria-labelledby="side-card-heading" className="rounded-2xl bg-brand-800 p-8 text-white">
            <h3 id="side-card-heading" className="text-xl font-semibold">
              {s.sideCard.title}
            </h3>
            <p className="mt-3 text-slate-100">{s.sideCard.text}</p>
            <div className="mt-6 flex flex-col gap-3">
              <Link to="/consultation" className={buttonClass("accent")}>
                Book a Free Consultation
              </Link>
              <Link to="/pricing" className={buttonClass("inverse", "md")}>
                View Pricing
              </Link>
            </div>
          </aside>
        </div>
      </Section>
    </>
  );
}
