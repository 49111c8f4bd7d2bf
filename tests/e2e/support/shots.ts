import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import { nextFrames } from "./frames.ts";

/**
 * Pictures of the screens for a person to look at: written only when SHOTS_DIR names a folder
 * (`SHOTS_DIR=/some/folder npx playwright test …`), as `<name>-<width>.png`. A test run without it takes none;
 * a failed test's picture is kept by Playwright itself (`screenshot: "only-on-failure"` in playwright.config.ts).
 */
const SHOTS_DIR = process.env.SHOTS_DIR;

export type ShotOptions = {
  /** The whole page (the default) or the viewport only. */
  fullPage?: boolean;
  /** Also the part looked at on its own, in pieces of 900 px (a phone's page is too long to read whole). */
  part?: Locator;
  /** Taken at each of these widths (900 px high), then the viewport is put back as it was. */
  widths?: number[];
};

export async function shot(page: Page, name: string, { fullPage = true, part, widths }: ShotOptions = {}): Promise<void> {
  if (!SHOTS_DIR) return;
  mkdirSync(SHOTS_DIR, { recursive: true });
  const before = page.viewportSize();
  for (const width of widths ?? [before?.width ?? 0]) {
    if (widths) {
      await page.setViewportSize({ width, height: 900 });
      await nextFrames(page); // the page drawn at its new width
    }
    const at = path.join(SHOTS_DIR, `${name}-${width}`);
    await page.screenshot({ path: `${at}.png`, fullPage });
    if (part) await shotParts(page, part, at);
  }
  if (widths && before) await page.setViewportSize(before);
}

async function shotParts(page: Page, part: Locator, at: string) {
  // The part's box is where it is on screen; the page's clip is counted from its top.
  const box = (await part.boundingBox())!;
  const top = box.y + (await page.evaluate(() => window.scrollY));
  for (let i = 0, y = top; y < top + box.height; i += 1, y += 900)
    await page.screenshot({
      path: `${at}-part${i}.png`,
      fullPage: true,
      clip: { x: box.x, y, width: box.width, height: Math.min(900, top + box.height - y) },
    });
}
