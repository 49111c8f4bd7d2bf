import { describe, expect, it } from "vitest";
import { deferScriptStart } from "./script-start.ts";

// The shape React Router's <Scripts> writes (react-router 7): preloads in the head, the context script, then one
// inline module script importing the matched route modules before the client entry.
const page = (moduleScript: string) =>
  [
    '<html><head><link rel="stylesheet" href="/assets/app.css"/>',
    '<link rel="modulepreload" href="/assets/entry.client.js"/><link rel="modulepreload" href="/assets/chunk.js"/>',
    '<link rel="modulepreload" href="/assets/root.js"/><link rel="modulepreload" href="/assets/home.js"/></head>',
    "<body><main>Hello</main><script>window.__reactRouterContext = {};</script>",
    `<script type="module" async="">${moduleScript}</script></body></html>`,
  ].join("");

const reactRouterModuleScript = [
  ";",
  'import * as route0 from "/assets/root.js";',
  'import * as route1 from "/assets/home.js";',
  '  window.__reactRouterManifest = {"entry":{"module":"/assets/entry.client.js"}};',
  '  window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};',
  "",
  'import("/assets/entry.client.js");',
].join("\n");

describe("deferScriptStart", () => {
  const html = deferScriptStart(page(reactRouterModuleScript));
  const script = /<script type="module" async="">([\s\S]*?)<\/script>/.exec(html)![1]!;

  it("takes the module preloads out of the HTML and leaves everything else in place", () => {
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).toContain('<link rel="stylesheet" href="/assets/app.css"/>');
    expect(html).toContain("<body><main>Hello</main><script>window.__reactRouterContext = {};</script>");
  });

  it("waits for the load event and the first contentful paint, or the visitor's first press, before any module is asked for", () => {
    expect(script).not.toMatch(/^\s*import \* as/m);
    const wait = script.indexOf("await new Promise");
    expect(wait).toBeGreaterThan(0);
    expect(script.slice(0, wait)).not.toMatch(/import\(|modulepreload/);
    expect(script).toContain('addEventListener("load"');
    expect(script).toContain('getEntriesByName("first-contentful-paint")');
    expect(script).toContain('["pointerdown", "pointermove", "touchstart", "keydown", "focusin", "wheel"]');
    // Every module preload comes back after the wait, in the order React Router listed them.
    const preloads = script.indexOf('["/assets/entry.client.js","/assets/chunk.js","/assets/root.js","/assets/home.js"]');
    expect(preloads).toBeGreaterThan(wait);
  });

  it("imports the route modules in React Router's order under the same names, then runs its code unchanged", () => {
    const root = script.indexOf('const route0 = await import("/assets/root.js");');
    const home = script.indexOf('const route1 = await import("/assets/home.js");');
    expect(root).toBeGreaterThan(0);
    expect(home).toBeGreaterThan(root);
    const rest = script.slice(home);
    expect(rest).toContain(
      'window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};\n\nimport("/assets/entry.client.js");',
    );
  });

  it("holds presses and deferred forms sent before the page's script runs, and hands them over once the entry has run", () => {
    const hold = script.indexOf('addEventListener("click", hold, true)');
    const wait = script.indexOf("await new Promise");
    expect(hold).toBeGreaterThan(0);
    expect(hold).toBeLessThan(wait);
    expect(script).toContain('addEventListener("submit", hold, true)');
    expect(script).toContain('document.querySelectorAll("[data-deferred] form")) form.noValidate = true');
    expect(script).toContain('const hydrated = new Promise((done) => addEventListener("app:hydrated", done, { once: true }));');
    expect(script.trimEnd()).toMatch(
      /await import\("\/assets\/entry.client.js"\);\n {2}await Promise\.race\(\[hydrated, new Promise\(\(done\) => setTimeout\(done, 10000\)\)\]\);\n\} finally \{\n {2}release\(\);\n\}$/,
    );
  });

  it("runs as a module: the rewritten script parses", async () => {
    // An async function body accepts the same statements (top-level await included) once the imports are gone.
    const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (body: string) => unknown;
    expect(() => new AsyncFunction(script)).not.toThrow();
  });

  it("returns HTML of another shape unchanged", () => {
    const other = [
      page('import "/assets/manifest.js";\nimport * as route0 from "/assets/root.js";\nimport("/assets/entry.client.js");'),
      page('import("/assets/entry.client.js");'),
      "<html><body>No script</body></html>",
    ];
    for (const h of other) expect(deferScriptStart(h)).toBe(h);
  });
});
