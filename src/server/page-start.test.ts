import { describe, expect, it } from "vitest";
import { deferPageScripts } from "./page-start.ts";

// The shape React Router's <Scripts> writes (react-router 7): preloads in the head, the context script, then one
// inline module script importing the matched route modules before the client entry.
const moduleScript = [
  ";",
  'import * as route0 from "/assets/root.js";',
  'import * as route1 from "/assets/home.js";',
  '  window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};',
  'import("/assets/entry.client.js");',
].join("\n");
const page = [
  '<html><head><link rel="stylesheet" href="/assets/app.css"/>',
  '<link rel="modulepreload" href="/assets/entry.client.js"/><link rel="modulepreload" href="/assets/chunk.js"/>',
  '<link rel="modulepreload" href="/assets/root.js"/><link rel="modulepreload" href="/assets/home.js"/></head>',
  "<body><main>Hello</main><script>window.__reactRouterContext = {};</script>",
  `<script type="module" async="">${moduleScript}</script></body></html>`,
].join("");

describe("deferPageScripts", () => {
  const html = deferPageScripts(page);

  it("takes the module preloads out and leaves everything else in place", () => {
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).toContain('<link rel="stylesheet" href="/assets/app.css"/>');
    expect(html).toContain("<body><main>Hello</main><script>window.__reactRouterContext = {};</script>");
  });

  it("keeps React Router's module script as written, inert until the page's start puts it back", () => {
    expect(html).not.toContain('<script type="module"');
    expect(html).toContain(`<script type="text/plain" data-page-modules="">${moduleScript}</script></body></html>`);
  });

  it("writes the start before it, with every preload in React Router's order, and it parses as a script", () => {
    const start = /<\/script><script>(\(function startPage\([\s\S]*?)<\/script><script type="text\/plain"/.exec(html)![1]!;
    expect(start).toContain('})(["/assets/entry.client.js","/assets/chunk.js","/assets/root.js","/assets/home.js"], "app:hydrated");');
    expect(() => new Function(start)).not.toThrow();
  });

  it("returns HTML without React Router's module script unchanged", () => {
    for (const other of ["<html><body>No script</body></html>", page.replace('type="module" async=""', 'type="module"')])
      expect(deferPageScripts(other)).toBe(other);
  });
});
