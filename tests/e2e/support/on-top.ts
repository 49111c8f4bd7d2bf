import type { Locator } from "@playwright/test";

/** True when the element is the one a person would touch at its own centre (nothing covers it). */
export async function onTopAtCentre(item: Locator): Promise<boolean> {
  await item.scrollIntoViewIfNeeded();
  return item.evaluate((el) => {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) return false;
    const x = r.left + r.width / 2;
    const y = r.top + r.height / 2;
    if (x < 0 || y < 0 || x > window.innerWidth || y > window.innerHeight) return false;
    const hit = document.elementFromPoint(x, y);
    return hit !== null && (hit === el || el.contains(hit));
  });
}
