import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe.ts";

/** The local date of a webinar card's <time datetime="YYYY-MM-DDTHH:mm"> (New York time). */
const nowInNewYork = () =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York", year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test.describe(`resources at ${viewport.width}px`, () => {
    test.use({ viewport });

    test("webinars: nothing dated in the past is offered as upcoming; past sessions are recordings", async ({ page }) => {
      await page.goto("/resources#webinars");
      const section = page.locator("#webinars");
      await expect(section.getByRole("heading", { name: "Webinars" })).toBeInViewport();
      const today = nowInNewYork();
      const upcoming = section.getByTestId("upcoming-webinars").locator("li");
      const upcomingCount = await upcoming.count();
      for (let i = 0; i < upcomingCount; i++) {
        const date = (await upcoming.nth(i).locator("time").getAttribute("datetime"))!;
        expect(date.slice(0, 10) >= today, `upcoming session on ${date} is not in the past`).toBe(true);
        await expect(upcoming.nth(i).getByRole("link", { name: /^Register by email/ })).toBeVisible();
      }
      const recordings = section.getByTestId("webinar-recordings").locator("li");
      expect(await recordings.count()).toBeGreaterThan(0);
      for (let i = 0; i < (await recordings.count()); i++) {
        const date = (await recordings.nth(i).locator("time").getAttribute("datetime"))!;
        expect(date.slice(0, 10) < today || date.slice(0, 10) === today).toBe(true);
        await expect(recordings.nth(i)).toContainText("Recording");
        await expect(recordings.nth(i).getByRole("link", { name: /^Get the recording by email/ })).toBeVisible();
        await expect(recordings.nth(i).getByRole("link", { name: /^Register/ })).toHaveCount(0);
      }
      await expectNoAxeViolations(page);
    });

    test("the checklists download as PDF files with their own names", async ({ page }) => {
      await page.goto("/resources");
      for (const [title, file] of [
        ["Monthly Close Checklist", "monthly-close-checklist.pdf"],
        ["Tax Document Checklist", "tax-document-checklist.pdf"],
      ] as const) {
        const link = page.getByRole("link", { name: `Download ${title} (PDF)` });
        await expect(link).toBeVisible();
        const download = page.waitForEvent("download");
        await link.click();
        const d = await download;
        expect(d.suggestedFilename()).toBe(file);
        const bytes = readFileSync((await d.path())!);
        expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
      }
    });
  });
}

test.describe("downloads", () => {
  test("served as application/pdf; the old .txt addresses move to the PDF", async ({ request }) => {
    const res = await request.get("/downloads/monthly-close-checklist.pdf");
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toBe("application/pdf");
    expect(res.headers()["content-disposition"]).toBe('attachment; filename="monthly-close-checklist.pdf"');
    const old = await request.get("/downloads/tax-document-checklist.txt", { maxRedirects: 0 });
    expect(old.status()).toBe(301);
    expect(old.headers()["location"]).toBe("/downloads/tax-document-checklist.pdf");
    expect((await request.get("/downloads/no-such-list.pdf")).status()).toBe(404);
  });
});

test.describe("blog reading time", () => {
  test("a short article says it takes a minute or two, not six", async ({ page }) => {
    await page.goto("/blog/quarterly-estimated-taxes-guide");
    const article = page.locator("main");
    const words = (await article.locator("article, main").first().innerText()).split(/\s+/).filter(Boolean).length;
    expect(words).toBeLessThan(500);
    await expect(article.getByText(/\b1 min read\b/)).toBeVisible();
    await page.goto("/blog");
    await expect(page.getByText(/\b6 min read\b/)).toHaveCount(0);
  });
});
