import { describe, expect, it } from "vitest";
import { homeCopy, homeFallbackCopy, slidesWithCopy, heroSlides, softwareLogos } from "./home-content.ts";
import { articles, articlesIn, categoryHref, parseCategory } from "./blog-content.ts";
import { publicPagePaths, sitemapXml, robotsTxt } from "./public-pages.ts";
import { applyHref, jobs } from "./company-content.ts";
import { privacySections, termsSections } from "./legal-content.ts";
import { addOns, plans } from "./pricing-content.ts";

describe("home copy from site content", () => {
  it("falls back to the built-in text for every missing or blank key", () => {
    expect(homeCopy({})).toEqual(homeFallbackCopy);
    expect(homeCopy({ vision_title: "   " }).visionTitle).toBe("Our Vision");
  });
  it("takes each stored key for its field", () => {
    const copy = homeCopy({ homepage_hero_title: "New title", mission_content: "New mission", homepage_cta_description: "Call us" });
    expect(copy.heroTitle).toBe("New title");
    expect(copy.missionContent).toBe("New mission");
    expect(copy.ctaDescription).toBe("Call us");
    expect(copy.visionContent).toBe(homeFallbackCopy.visionContent);
    const slides = slidesWithCopy(copy);
    expect(slides[0]!.heading).toBe("New title");
    expect(slides[1]).toEqual(heroSlides[1]);
  });
});

describe("static content the spec fixes", () => {
  it("has five hero slides and twelve software names, two without logo images", () => {
    expect(heroSlides).toHaveLength(5);
    expect(softwareLogos.map((s) => s.name)).toHaveLength(12);
    expect(softwareLogos.filter((s) => s.src === null).map((s) => s.name)).toEqual(["Reviso", "Lightyear"]);
  });
  it("has the prices, four positions, 11 privacy and 14 terms sections", () => {
    expect(plans.map((p) => p.price)).toEqual(["$299", "$599", "Custom"]);
    expect(addOns.map((a) => a.price)).toEqual(["From $500", "From $50/month", "From $5,000", "From $200/month"]);
    expect(jobs).toHaveLength(4);
    expect(privacySections).toHaveLength(11);
    expect(termsSections).toHaveLength(14);
  });
  it("Apply Now links carry the position, encoded", () => {
    expect(applyHref({ title: "R&D Analyst" })).toBe("/contact?position=R%26D%20Analyst");
  });
});

describe("blog categories", () => {
  it("parses ?category= case-insensitively and ignores unknown values", () => {
    expect(parseCategory("tax")).toBe("Tax");
    expect(parseCategory("small business")).toBe("Small Business");
    expect(parseCategory("crypto")).toBeNull();
    expect(parseCategory(null)).toBeNull();
  });
  it("filters the articles", () => {
    expect(articlesIn(null)).toEqual(articles);
    expect(articlesIn("ERP").every((a) => a.category === "ERP")).toBe(true);
    expect(articlesIn("ERP").length).toBeGreaterThan(0);
    expect(categoryHref("Small Business")).toBe("/blog?category=Small%20Business");
  });
});

describe("sitemap and robots", () => {
  it("lists absolute URLs of every public page and article", () => {
    const xml = sitemapXml("https://ledgerline.example/");
    expect(xml).toContain("<loc>https://ledgerline.example/</loc>");
    expect(xml).toContain(`<loc>https://ledgerline.example/blog/${articles[0]!.slug}</loc>`);
    expect(xml.match(/<loc>/g)).toHaveLength(publicPagePaths.length);
    expect(publicPagePaths).not.toContain("/login");
  });
  it("robots.txt names the sitemap", () => {
    expect(robotsTxt("https://ledgerline.example")).toContain("Sitemap: https://ledgerline.example/sitemap.xml");
  });
});
