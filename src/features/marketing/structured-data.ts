import { firm } from "./firm.ts";

/**
 * JSON-LD for the firm: an Organization and an AccountingService (address, phone, opening hours).
 * Used on the home and contact pages: `pageMeta({ ..., jsonLd: firmJsonLd(publicUrl) })`.
 */
export function firmJsonLd(publicUrl = ""): Record<string, unknown>[] {
  const url = `${publicUrl}/`;
  const address = {
    "@type": "PostalAddress",
    streetAddress: firm.address.street,
    addressLocality: firm.address.city,
    addressRegion: firm.address.region,
    postalCode: firm.address.postalCode,
    addressCountry: firm.address.country,
  };
  return [
    {
      "@context": "https://schema.org",
      "@type": "Organization",
      "@id": `${url}#organization`,
      name: firm.name,
      legalName: firm.legalName,
      url,
      logo: `${publicUrl}/favicon.svg`,
      email: firm.email,
      telephone: firm.phone,
      address,
      sameAs: [firm.linkedin],
    },
    {
      "@context": "https://schema.org",
      "@type": "AccountingService",
      "@id": `${url}#accounting-service`,
      name: firm.name,
      description: firm.description,
      url,
      image: `${publicUrl}/images/hero/slide-1.webp`,
      telephone: firm.phone,
      email: firm.email,
      priceRange: "$$",
      address,
      parentOrganization: { "@id": `${url}#organization` },
      openingHoursSpecification: firm.hours
        .filter((h) => h.spec)
        .map((h) => ({ "@type": "OpeningHoursSpecification", dayOfWeek: h.spec!.days, opens: h.spec!.opens, closes: h.spec!.closes })),
    },
  ];
}

/** JSON-LD BreadcrumbList: Home > ... > the page. */
export function breadcrumbJsonLd(publicUrl: string, trail: { name: string; path: string }[]): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: trail.map((item, i) => ({ "@type": "ListItem", position: i + 1, name: item.name, item: `${publicUrl}${item.path}` })),
  };
}

/** JSON-LD for a blog article. */
export function articleJsonLd(publicUrl: string, a: { title: string; excerpt: string; author: string; date: string; path: string }) {
  return {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: a.title,
    description: a.excerpt,
    datePublished: a.date,
    author: { "@type": "Person", name: a.author },
    publisher: { "@type": "Organization", name: firm.name, logo: { "@type": "ImageObject", url: `${publicUrl}/favicon.svg` } },
    mainEntityOfPage: `${publicUrl}${a.path}`,
  };
}
