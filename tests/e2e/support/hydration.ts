import type { Page } from "@playwright/test";
import { HYDRATED_EVENT } from "../../../src/lib/hydrated-event.ts";

/**
 * Goes to `path` and waits until React has hydrated the page (the root dispatches HYDRATED_EVENT). Before then a
 * form's fields are replaced by its default values as it mounts, and a click on a button does nothing: a test that
 * types or presses at once acts on a page that is not yet the one a person uses.
 */
export async function gotoHydrated(page: Page, path: string): Promise<void> {
  await page.addInitScript(
    (name) => window.addEventListener(name, () => document.documentElement.setAttribute("data-test-hydrated", "")),
    HYDRATED_EVENT,
  );
  await page.goto(path);
  await page.locator("html[data-test-hydrated]").waitFor({ state: "attached" });
}
