import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** The shared toast region: a toast fading in or out is half transparent, which axe reads as low contrast. */
export const TOASTS = "[data-sonner-toaster]";

/** Fails with the list of violations when axe finds any WCAG 2.0/2.1 A or AA problem on the page (outside `exclude`). */
export async function expectNoAxeViolations(page: Page, { exclude = [] }: { exclude?: string[] } = {}) {
  // Legacy mode runs axe in the page itself: the default opens a blank page of its own to merge the results of
  // frames from other origins, which this site's pages do not have, and costs each check most of a second.
  let builder = new AxeBuilder({ page }).setLegacyMode(true).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]);
  for (const selector of exclude) builder = builder.exclude(selector);
  const results = await builder.analyze();
  const summary = results.violations.map(
    (v) =>
      `${v.id}: ${v.help} (${v.nodes
        .map((n) => n.target.join(" "))
        .slice(0, 3)
        .join(", ")})`,
  );
  expect(summary, "axe violations").toEqual([]);
}
