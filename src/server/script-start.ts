/**
 * Public pages (decision 015): their script starts after the page has been painted, not while it is being drawn.
 *
 * React Router writes the page's modules twice into the HTML: `<link rel="modulepreload">` for every module the
 * page needs, and one inline module script whose static `import * as routeN from "…"` lines fetch the route
 * modules before it hands them to the client entry. Both make the browser fetch all of the page's script (about
 * 120 KB gzipped) at high priority together with the stylesheet, the typeface and the hero image, and run
 * hydration before the first paint on a fast connection. Here the stored HTML is rewritten once:
 *
 * - the modulepreload links are taken out of the head;
 * - the module script waits until the page has loaded and its first contentful paint has been shown (or until the
 *   visitor's first interaction, whichever comes first), then adds the same modulepreload links
 *   (the whole module graph fetched in parallel, as before), imports the route modules with `import()` and goes on
 *   exactly as React Router wrote it;
 * - a press on a plain button or the sending of a deferred form before then is held and handed to the page once React
 *   has hydrated its root (HYDRATED_EVENT).
 *
 * The page does not depend on script to be read or used (forms post without it); what waits is hydration. When the
 * HTML is not in the shape this expects, it is returned unchanged.
 */

import { HYDRATED_EVENT } from "~/lib/hydrated-event.ts";

const MODULE_PRELOAD = /<link\s+rel="modulepreload"\s+href="([^"]+)"\s*\/?>/g;
const MODULE_SCRIPT = /(<script type="module"[^>]*>)([\s\S]*?)(<\/script>)/;
const STATIC_IMPORT = /^\s*import \* as (\w+) from ("[^"]+");\s*$/gm;
const ENTRY_IMPORT = /\bimport\(("[^"]+")\);?\s*$/;

/**
 * Runs before the page's modules are asked for.
 *
 * - What a visitor does before the page's script runs is held and handed to it once React has hydrated the root:
 *   a press on a plain button (a slideshow arrow, the menu) is pressed again, a deferred form (decision 077) is sent
 *   again (its fields skip the browser's own checks, as once its script is live, so that the form's messages are
 *   told; other forms go as plain posts, which they all handle), and the element under the pointer and the one with focus are entered and focused again, so that a menu
 *   that opens on hover or focus opens. (React hydrates at once the part that receives such an event.)
 * - Then it waits: until the page has loaded and its first contentful paint has been shown, or the visitor's first
 *   interaction (the same events as decision 077's), whichever comes first.
 */
const BEFORE = `const held = [];
const hydrated = new Promise((done) => addEventListener(${JSON.stringify(HYDRATED_EVENT)}, done, { once: true }));
const hold = (event) => {
  const target = event.target;
  if (event.type === "submit") {
    // A deferred form (decision 077) is sent again once the page runs: its own script then holds it until the form is
    // live. Another form goes as a plain post (each works without script).
    if (!(target instanceof HTMLFormElement) || !target.closest("[data-deferred]")) return;
    event.preventDefault();
    const submitter = event.submitter && event.submitter.isConnected ? event.submitter : null;
    held.push(() => target.requestSubmit(submitter));
  } else {
    const button = target instanceof Element ? target.closest("button") : null;
    if (button && button.type === "button") held.push(() => button.isConnected && button.click());
  }
};
for (const form of document.querySelectorAll("[data-deferred] form")) form.noValidate = true;
addEventListener("submit", hold, true);
addEventListener("click", hold, true);
const release = () => {
  removeEventListener("submit", hold, true);
  removeEventListener("click", hold, true);
  const hovered = [...document.querySelectorAll(":hover")].pop();
  if (hovered) {
    hovered.dispatchEvent(new PointerEvent("pointerover", { bubbles: true, pointerType: "mouse" }));
    hovered.dispatchEvent(new MouseEvent("mouseover", { bubbles: true }));
  }
  const focused = document.activeElement;
  if (focused instanceof HTMLElement && focused !== document.body) {
    focused.blur();
    focused.focus({ preventScroll: true });
  }
  for (const replay of held.splice(0)) replay();
};
await new Promise((go) => {
  const events = ["pointerdown", "pointermove", "touchstart", "keydown", "focusin", "wheel"];
  const start = () => {
    events.forEach((type) => removeEventListener(type, start, true));
    go();
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
});
try {`;

/**
 * After React Router's code: once the client entry has run and React has hydrated the root, what was held is handed
 * over. If a module fails to load, at once (the presses and forms then go on as they would without script); if the
 * root has not said it is hydrated within 10 s, then.
 */
const after = (entry: string) => `  await import(${entry});
  await Promise.race([hydrated, new Promise((done) => setTimeout(done, 10000))]);
} finally {
  release();
}`;

export function deferScriptStart(html: string): string {
  const script = MODULE_SCRIPT.exec(html);
  if (!script) return html;
  const body = script[2]!;
  const imports = [...body.matchAll(STATIC_IMPORT)];
  if (!imports.length || /^\s*import\s/m.test(body.replace(STATIC_IMPORT, ""))) return html;
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((m) => m[1]!);
  // A few links a task: asking for a module costs the main thread about a millisecond, twenty in one task block it.
  const preload = [
    `for (const [i, href] of ${JSON.stringify(preloads)}.entries()) {`,
    `  if (i && i % 4 === 0) await new Promise((next) => setTimeout(next));`,
    `  document.head.append(Object.assign(document.createElement("link"), { rel: "modulepreload", href }));`,
    `}`,
  ].join("\n");
  // One after the other, in React Router's order (the root module first); the preloads fetch them all at once.
  const modules = imports.map((m) => `const ${m[1]} = await import(${m[2]});`).join("\n");
  const rest = body.replace(STATIC_IMPORT, "");
  const entry = ENTRY_IMPORT.exec(rest)?.[1];
  if (!entry) return html;
  // The same module again: its promise settles once the entry has run (or failed to load, when the held presses and
  // forms go on as they would without script).
  const rewritten = [BEFORE, preload, modules, rest, after(entry)].join("\n");
  return (html.slice(0, script.index) + script[1] + rewritten + script[3] + html.slice(script.index + script[0].length)).replace(
    MODULE_PRELOAD,
    "",
  );
}
