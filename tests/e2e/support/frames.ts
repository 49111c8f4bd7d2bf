import type { Locator, Page } from "@playwright/test";
import { expect } from "@playwright/test";

/** Resolves after the browser has painted `count` more frames: what a person sees once a resize or a scroll has been drawn. */
export function nextFrames(page: Page, count = 2): Promise<void> {
  return page.evaluate(
    (n) =>
      new Promise<void>((done) => {
        const step = (left: number) => (left === 0 ? done() : requestAnimationFrame(() => step(left - 1)));
        step(n);
      }),
    count,
  );
}

/** Waits until the element stands still: the same box on two painted frames in a row (an entry animation has ended). */
export async function waitUntilStill(locator: Locator): Promise<void> {
  const page = locator.page();
  await expect(async () => {
    const before = await locator.boundingBox();
    await nextFrames(page);
    const after = await locator.boundingBox();
    expect(after, "the element is still moving").toEqual(before);
  }).toPass({ timeout: 10_000 });
}
