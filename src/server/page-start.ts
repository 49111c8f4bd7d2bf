import { HYDRATED_EVENT } from "~/lib/hydrated-event.ts";

/**
 * A public page's script starts after the page has been painted (decisions 015 and 111).
 *
 * React Router names every module of the page twice: `<link rel="modulepreload">` links, and an inline module script
 * whose static imports fetch the route modules before it hands them to the client entry. Both make the browser fetch
 * all of the page's script at high priority beside the stylesheet, the typeface and the hero image. So the stored
 * HTML has the links taken out, and React Router's module script made inert (`type="text/plain"`, unchanged
 * otherwise); `startPage` below, written into the page, puts both back once the page has been painted.
 * HTML without React Router's module script is returned unchanged.
 */
const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"\/>/g;
const MODULE_SCRIPT = '<script type="module" async="">';
const INERT_SCRIPT = '<script type="text/plain" data-page-modules="">';

export function deferPageScripts(html: string): string {
  if (!html.includes(MODULE_SCRIPT)) return html;
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((m) => m[1]!);
  const start = `<script>(${startPage.toString()})(${JSON.stringify(preloads)}, ${JSON.stringify(HYDRATED_EVENT)});</script>`;
  return html.replace(MODULE_PRELOAD, "").replace(MODULE_SCRIPT, start + INERT_SCRIPT);
}

/**
 * Runs in the browser, written into the page as its source: it uses nothing but its arguments and the browser's.
 *
 * - What a visitor does before the page's script runs is held and handed to it once React has hydrated the root: a
 *   press on a plain button (a slideshow arrow, the menu) is pressed again, a deferred form (decision 077) is sent
 *   again (its fields skip the browser's own checks, as once its script is live, so that the form's messages are
 *   told; other forms go as plain posts, which they all handle), and the element under the pointer and the one with
 *   focus are entered and focused again, so that a menu that opens on hover or focus opens.
 * - It waits until the page has loaded and its first contentful paint has been shown, or the visitor's first
 *   interaction (decision 077's events), whichever comes first. Then it adds the module preloads (a few a task:
 *   twenty in one task block the main thread) and puts React Router's module script back as it was written.
 * - What was held is handed over once the root says it is hydrated, at once if the modules fail to load (the presses
 *   and forms then go on as they would without script), and 10 s after the modules arrived at the latest.
 */
export function startPage(preloads: string[], hydratedEvent: string): void {
  const held: (() => void)[] = [];
  const hold = (event: Event) => {
    const target = event.target;
    if (event.type === "submit") {
      if (!(target instanceof HTMLFormElement) || !target.closest("[data-deferred]")) return;
      event.preventDefault();
      const sent = (event as SubmitEvent).submitter;
      const submitter = sent?.isConnected ? sent : null;
      held.push(() => target.requestSubmit(submitter));
    } else {
      const button = target instanceof Element ? target.closest("button") : null;
      if (button && button.type === "button") held.push(() => button.isConnected && button.click());
    }
  };
  for (const form of document.querySelectorAll<HTMLFormElement>("[data-deferred] form")) form.noValidate = true;
  addEventListener("submit", hold, true);
  addEventListener("click", hold, true);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    removeEventListener("submit", hold, true);
    removeEventListener("click", hold, true);
    const hovered = [...document.querySelectorAll(":hover")].pop();
    hovered?.dispatchEvent(new PointerEvent("pointerover", { bubbles: true, pointerType: "mouse" }));
    hovered?.dispatchEvent(new MouseEvent("mouseover", { bubbles: true }));
    const focused = document.activeElement;
    if (focused instanceof HTMLElement && focused !== document.body) {
      focused.blur();
      focused.focus({ preventScroll: true });
    }
    for (const replay of held.splice(0)) replay();
  };
  // Not within React's effects, where the root says so: a press handed over then would find React busy.
  addEventListener(hydratedEvent, () => queueMicrotask(release), { once: true });

  const events = ["pointerdown", "pointermove", "touchstart", "keydown", "focusin", "wheel"];
  let started = false;
  const start = async () => {
    if (started) return;
    started = true;
    events.forEach((type) => removeEventListener(type, start, true));
    const fetched: Promise<unknown>[] = [];
    for (const [i, href] of preloads.entries()) {
      if (i && i % 4 === 0) await new Promise((next) => setTimeout(next));
      const link = Object.assign(document.createElement("link"), { rel: "modulepreload", href });
      fetched.push(new Promise((done) => (link.onload = link.onerror = done)));
      document.head.append(link);
    }
    const inert = document.querySelector("script[data-page-modules]");
    const script = Object.assign(document.createElement("script"), { type: "module", textContent: inert?.textContent ?? "" });
    script.addEventListener("error", release);
    inert?.replaceWith(script);
    // However slow the network, 10 s for the modules to run and React to hydrate once they have arrived.
    void Promise.all(fetched).then(() => setTimeout(release, 10_000));
  };
  events.forEach((type) => addEventListener(type, start, { capture: true, passive: true }));
  const painted = () => {
    new PerformanceObserver((list) => {
      if (list.getEntriesByName("first-contentful-paint").length) setTimeout(start);
    }).observe({ type: "paint", buffered: true });
    setTimeout(start, 1000);
  };
  if (document.readyState === "complete") painted();
  else addEventListener("load", painted, { once: true });
}
