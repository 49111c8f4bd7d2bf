import { expect, type Locator } from "@playwright/test";

/**
 * Whether the element is the one a person would touch at its own centre, after scrolling it into view: it has a
 * size, its centre is inside the viewport and nothing covers it there.
 */
export async function isOnTop(locator: Locator): Promise<boolean> {
  await locator.scrollIntoViewIfNeeded({ timeout: 5000 });
  return locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) return false;
    const x = r.left + r.width / 2;
    const y = r.top + r.height / 2;
    if (x < 0 || y < 0 || x > window.innerWidth || y > window.innerHeight) return false;
    const hit = document.elementFromPoint(x, y);
    return hit !== null && (hit === el || el.contains(hit));
  });
}

/**
 * A person can see it: visible, on top at its centre, and wholly inside the viewport once scrolled to. Asked again
 * until it holds (or the expect timeout ends): a screen that is still settling may replace the element meanwhile.
 */
export async function expectOnTop(locator: Locator) {
  await expect(locator).toBeVisible();
  await expect.poll(() => isOnTop(locator).catch(() => false), { message: "element is on top at its centre" }).toBe(true);
  await expect(locator).toBeInViewport({ ratio: 1 });
}
