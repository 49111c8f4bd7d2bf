import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { homeCopy, homeFallbackCopy, slidesWithCopy, heroSlides, softwareLogos } from "./home-content.ts";
import { articles, articlesIn, categoryHref, parseCategory } from "./blog-content.ts";
import { publicPagePaths, sitemapXml, robotsTxt } from "./public-pages.ts";
import { applyHref, jobs } from "./company-content.ts";
import { privacySections, termsSections } from "./legal-content.ts";

const PUBLIC_DIR = path.resolve(import.meta.dirname, "../../../public");

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

describe("the content as the pages show it", () => {
  it("every image the hero and the software logos name is in public/; a logo without one is named in text", () => {
    const images = [...heroSlides.map((s) => s.image), ...softwareLogos.flatMap((s) => (s.src ? [s.src] : []))];
    for (const src of images) expect(existsSync(path.join(PUBLIC_DIR, src)), src).toBe(true);
    for (const logo of softwareLogos) expect(logo.name.trim()).not.toBe("");
    expect(new Set(softwareLogos.map((s) => s.name)).size).toBe(softwareLogos.length);
  });
  it("each legal section and each position has a title of its own and text", () => {
    for (const sections of [privacySections, termsSections]) {
      expect(new Set(sections.map((s) => s.title)).size).toBe(sections.length);
      for (const s of sections) expect(s.paragraphs.join("").trim(), s.title).not.toBe("");
    }
    expect(new Set(jobs.map((j) => j.title)).size).toBe(jobs.length);
    for (const job of jobs) expect(job.summary.trim(), job.title).not.toBe("");
  });
  it("Apply Now links carry the position, encoded", () => {
    expect(applyHref({ title: "R&D Analyst" })).toBe("/contact?position=R%26D%20Analyst");
    for (const job of jobs) expect(new URL(applyHref(job), "https://x.test").searchParams.get("position")).toBe(job.title);
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
