import { expect, type Locator } from "@playwright/test";

/** Whether the element is what a click at its centre reaches (nothing covers it), after scrolling it into view. */
export async function isOnTop(locator: Locator): Promise<boolean> {
  await locator.scrollIntoViewIfNeeded();
  return locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return hit !== null && (hit === el || el.contains(hit));
  });
}

/** A person can see it: wholly inside the viewport once scrolled to, and on top at its centre. */
export async function expectOnTop(locator: Locator) {
  await expect(locator).toBeVisible();
  expect(await isOnTop(locator), "element is on top at its centre").toBe(true);
  await expect(locator).toBeInViewport({ ratio: 1 });
}
