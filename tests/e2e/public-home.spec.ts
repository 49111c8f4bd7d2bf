import { expect, test, type Page } from "@playwright/test";
import { heroSlides, softwareLogos } from "../../src/features/marketing/home-content.ts";

const activeSlide = (page: Page) => page.getByTestId("hero-carousel").locator('[aria-roledescription="slide"][data-active="true"]');

test.describe("home page", () => {
  test("hero: five slides labelled 'n of 5' with their headings and buttons", async ({ page }) => {
    await page.goto("/");
    const carousel = page.getByRole("region", { name: "Highlights" });
    const slides = carousel.locator('[aria-roledescription="slide"]');
    await expect(slides).toHaveCount(5);
    for (let i = 0; i < 5; i++) await expect(slides.nth(i)).toHaveAttribute("aria-label", `${i + 1} of 5`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Transform Your Business with Expert Financial Guidance");
    const first = slides.nth(0);
    await expect(first.getByRole("link", { name: "Get Free Consultation" })).toHaveAttribute("href", "/consultation");
    await expect(first.getByRole("link", { name: "Our Services" })).toHaveAttribute("href", "/services");
    for (const [i, s] of heroSlides.entries()) {
      await expect(slides.nth(i).getByRole("link", { name: s.primary.label, includeHidden: true })).toHaveAttribute("href", s.primary.to);
      await expect(slides.nth(i).getByRole("link", { name: s.secondary.label, includeHidden: true })).toHaveAttribute(
        "href",
        s.secondary.to,
      );
    }
  });

  test("hero: next and previous arrows move one slide and loop", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" }); // keep autoplay out of the way
    await page.goto("/");
    // The arrows are pressed once the carousel is alive: a press held from before its script ran is another test's.
    await expect(page.getByTestId("hero-carousel")).toHaveAttribute("data-hydrated", "true");
    await expect(activeSlide(page)).toHaveAttribute("aria-label", "1 of 5");
    await page.getByRole("button", { name: "Next slide" }).click();
    await expect(activeSlide(page)).toHaveAttribute("aria-label", "2 of 5");
    await expect(activeSlide(page).getByRole("heading")).toHaveText("Precise Bookkeeping, Real-Time Insights");
    await page.getByRole("button", { name: "Previous slide" }).click();
    await page.getByRole("button", { name: "Previous slide" }).click();
    await expect(activeSlide(page)).toHaveAttribute("aria-label", "5 of 5");
    await page.getByRole("button", { name: "Next slide" }).click();
    await expect(activeSlide(page)).toHaveAttribute("aria-label", "1 of 5");
    // Slides out of view are hidden from assistive technology and the tab order.
    await expect(page.getByTestId("hero-carousel").locator('[aria-roledescription="slide"][aria-hidden="true"]')).toHaveCount(4);
  });

  test("hero: advances every 6 seconds; not while the pointer is over it", async ({ page }) => {
    // The page's clock, moved on by the test: no real seconds spent waiting.
    await page.clock.install();
    await page.goto("/");
    await page.mouse.move(5, 700);
    await expect(page.getByTestId("hero-carousel")).toHaveAttribute("data-rotating", "true");
    await page.clock.runFor(4500);
    await expect(activeSlide(page)).toHaveAttribute("aria-label", "1 of 5");
    await page.clock.runFor(2000);
    await expect(activeSlide(page)).toHaveAttribute("aria-label", "2 of 5");

    await page.getByTestId("hero-carousel").hover({ position: { x: 300, y: 60 } });
    await expect(page.getByTestId("hero-carousel")).toHaveAttribute("data-rotating", "false");
    await page.clock.runFor(7000);
    await expect(activeSlide(page)).toHaveAttribute("aria-label", "2 of 5");

    await page.mouse.move(5, 790);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(page.getByTestId("hero-carousel")).toHaveAttribute("data-rotating", "true");
    await page.clock.runFor(6500);
    await expect(activeSlide(page)).toHaveAttribute("aria-label", "3 of 5");
  });

  test("hero: pause button is first in the carousel's tab order, stops and restarts rotation; focus inside stops it", async ({ page }) => {
    await page.clock.install();
    await page.goto("/");
    const carousel = page.getByTestId("hero-carousel");
    await expect(carousel).toHaveAttribute("data-rotating", "true");
    // Tab from the element before the carousel: the first stop inside is the pause button.
    await page.locator("header").getByRole("link", { name: "Free Consultation" }).focus();
    await page.keyboard.press("Tab");
    const toggle = page.getByRole("button", { name: "Pause slideshow" });
    await expect(toggle).toBeFocused();
    await expect(carousel).toHaveAttribute("data-rotating", "false"); // focus inside
    await page.keyboard.press("Enter");
    await expect(page.getByRole("button", { name: "Play slideshow" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "Previous slide" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "Next slide" })).toBeFocused();

    // Paused by the visitor: stays paused after focus and pointer leave.
    await page.locator("body").evaluate(() => (document.activeElement as HTMLElement).blur());
    await page.mouse.move(5, 790);
    await expect(carousel).toHaveAttribute("data-rotating", "false");
    await page.clock.runFor(6800);
    await expect(activeSlide(page)).toHaveAttribute("aria-label", "1 of 5");
    await page.getByRole("button", { name: "Play slideshow" }).click();
    await page.mouse.move(5, 790);
    await page.locator("body").evaluate(() => (document.activeElement as HTMLElement).blur());
    await expect(carousel).toHaveAttribute("data-rotating", "true");
  });

  test("hero: with prefers-reduced-motion the slideshow starts paused", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/");
    await expect(page.getByRole("button", { name: "Play slideshow" })).toBeVisible();
    await expect(page.getByTestId("hero-carousel")).toHaveAttribute("data-rotating", "false");
  });

  test("hero: background follows the scroll by 0.1 × scrollY, capped at 80 px", async ({ page }) => {
    await page.goto("/");
    const offset = () =>
      page.getByTestId("hero-carousel").evaluate((el) => getComputedStyle(el).getPropertyValue("--hero-parallax").trim());
    await expect(page.getByTestId("hero-carousel")).toHaveAttribute("data-rotating", "true"); // hydrated
    await page.evaluate(() => window.scrollTo(0, 300));
    await expect.poll(offset).toBe("30px");
    await page.evaluate(() => window.scrollTo(0, 2000));
    await expect.poll(offset).toBe("80px");
  });

  test("software list of 12 names, Reviso and Lightyear as text wordmarks; vision, mission, services and CTA", async ({ page }) => {
    await page.goto("/");
    const software = page.getByRole("region", { name: "software we support" });
    for (const s of softwareLogos) {
      if (s.src) await expect(software.getByRole("img", { name: s.name, exact: true })).toHaveAttribute("src", s.src);
      else await expect(software.getByTestId("wordmark").filter({ hasText: s.name })).toHaveCount(1);
    }
    await expect(page.getByRole("heading", { name: "Our Vision" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Our Mission" })).toBeVisible();
    for (const name of ["Bookkeeping", "Tax Services", "ERP Consulting"]) {
      await expect(page.getByRole("link", { name: `Learn more about ${name}` })).toHaveAttribute("href", "/services");
    }
    await expect(page.getByRole("link", { name: "Book Your Free Consultation" })).toHaveAttribute("href", "/consultation");
    await expect(page.getByRole("region", { name: "our clients" })).toBeVisible();
  });

  test("footer 'Stay Updated' subscribes and confirms with a toast", async ({ page }) => {
    // With the page's script running (sent before it, the box posts as a plain form: public-pages.spec.ts).
    await page.goto("/", { waitUntil: "networkidle" });
    const box = page.locator("#newsletter-footer");
    await box.getByLabel("Email address").fill(`footer-${Date.now()}@example.com`);
    await box.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByText("Subscribed!", { exact: true })).toBeVisible();
  });

  test("footer 'Stay Updated': when its script cannot be loaded, a toast says so (no unhandled error)", async ({ page }) => {
    const errors: string[] = [];
    page.on("pageerror", (err) => errors.push(err.message));
    await page.goto("/", { waitUntil: "networkidle" });
    // A new release replaced the chunk, or the network dropped: the box's schema cannot be fetched.
    await page.route("**/assets/newsletter.schema-*.js", (route) => route.abort("failed"));
    const box = page.locator("#newsletter-footer");
    await box.getByLabel("Email address").fill(`offline-${Date.now()}@example.com`);
    await box.getByRole("button", { name: "Subscribe" }).click();
    const toast = page.locator("[data-sonner-toast]");
    await expect(toast.getByText("Subscription failed", { exact: true })).toBeVisible();
    await expect(toast.getByText("Something went wrong. Please try again later.")).toBeVisible();
    expect(errors).toEqual([]);
  });
});
