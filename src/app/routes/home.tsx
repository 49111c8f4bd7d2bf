import { Suspense } from "react";
import { Link } from "react-router";
import type { Route } from "./+types/home";
import { pageMeta } from "../seo.ts";
import { clientLogos, homeCopy, homeServiceCards, slidesWithCopy, softwareLogos } from "~/features/marketing/home-content.ts";
import { publicUrlOf } from "~/features/marketing/meta.ts";
import { firmJsonLd } from "~/features/marketing/structured-data.ts";
import { HeroCarousel } from "~/features/marketing/components/hero-carousel.tsx";
import { LogoCarousel } from "~/features/marketing/components/logo-carousel.tsx";
import { CheckList, CtaBand, Section } from "~/features/marketing/components/sections.tsx";

export async function loader({ context }: Route.LoaderArgs) {
  const stored = await context.app.siteContent.getAll().catch((err: unknown) => {
    context.app.logger.warn({ err }, "site content unavailable; showing the built-in home page text");
    return {};
  });
  const copy = homeCopy(stored);
  // The slides, cards, logos and JSON-LD travel as page data rather than as script (decision 015: the JS budget).
  return {
    copy,
    slides: slidesWithCopy(copy),
    serviceCards: homeServiceCards,
    softwareLogos,
    clientLogos,
    jsonLd: firmJsonLd(context.app.config.publicUrl),
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const publicUrl = publicUrlOf(matches);
  const copy = loaderData?.copy;
  return pageMeta({
    title: copy ? `${copy.heroTitle} | Ledgerline Advisors` : "Ledgerline Advisors",
    description: copy?.heroDescription ?? "Accounting, bookkeeping, tax and ERP advisory for growing businesses.",
    path: "/",
    publicUrl,
    jsonLd: loaderData?.jsonLd,
  });
};

export default function Home({ loaderData }: Route.ComponentProps) {
  const { copy, slides, serviceCards, softwareLogos, clientLogos } = loaderData;
  return (
    <>
      <Suspense>
        <HeroCarousel slides={slides} />
      </Suspense>

      <Section
        title="Software We Work With"
        intro="Our team is certified or experienced in the tools growing businesses rely on."
        tone="muted"
      >
        <Suspense>
          <LogoCarousel label="software we support" items={softwareLogos} />
        </Suspense>
      </Section>

      <section aria-label="Vision and mission" className="bg-white">
        <div className="mx-auto grid max-w-7xl gap-8 px-4 py-16 sm:px-6 md:grid-cols-2 lg:px-8">
          <div className="rounded-2xl bg-brand-50 p-8">
            <h2 className="text-2xl font-bold text-brand-900">{copy.visionTitle}</h2>
            <p className="mt-4 text-lg text-slate-700">{copy.visionContent}</p>
          </div>
          <div className="rounded-2xl bg-emerald-50 p-8">
            <h2 className="text-2xl font-bold text-emerald-900">{copy.missionTitle}</h2>
            <p className="mt-4 text-lg text-slate-700">{copy.missionContent}</p>
          </div>
        </div>
      </section>

      <Section title={copy.servicesTitle} intro={copy.servicesDescription} tone="muted">
        <ul className="grid gap-6 md:grid-cols-3">
          {serviceCards.map((card) => (
            <li key={card.title} className="flex flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
              <h3 className="text-xl font-semibold text-ink">{card.title}</h3>
              <p className="mt-3 text-slate-700">{card.text}</p>
              <CheckList items={card.points} className="mt-5 flex-1" />
              <Link to="/services" className="mt-6 font-semibold text-brand-700 underline-offset-4 hover:underline">
                Learn more<span className="sr-only"> about {card.title}</span> →
              </Link>
            </li>
          ))}
        </ul>
      </Section>

      <Section title="Trusted by Growing Companies" intro="A few of the 500+ businesses whose books, taxes and systems we look after.">
        <Suspense>
          <LogoCarousel label="our clients" items={clientLogos} />
        </Suspense>
      </Section>

      <CtaBand title={copy.ctaTitle} text={copy.ctaDescription} actions={[{ to: "/consultation", label: "Book Your Free Consultation" }]} />
    </>
  );
}
