/* global process, Buffer, fetch, URL, console */
// First-load JavaScript of public pages, gzipped: every script and modulepreload the server's HTML names.
// Usage: node bench/first-load-js.mjs http://localhost:3000 [/path ...]   (against a running production build)
import { gzipSync } from "node:zlib";

const base = process.argv[2] ?? "http://localhost:3000";
const paths = process.argv.slice(3).length ? process.argv.slice(3) : ["/", "/pricing", "/services/tax", "/contact", "/blog", "/about"];
const BUDGET_KB = 130;

const cache = new Map();
async function gzSize(url) {
  if (!cache.has(url)) {
    const buf = Buffer.from(await (await fetch(url)).arrayBuffer());
    cache.set(url, gzipSync(buf, { level: 9 }).length);
  }
  return cache.get(url);
}

let failed = false;
for (const path of paths) {
  const html = await (await fetch(base + path)).text();
  const urls = new Set();
  for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) urls.add(m[1]);
  for (const m of html.matchAll(/<script[^>]+src="([^"]+)"/g)) urls.add(m[1]);
  for (const m of html.matchAll(/import\(["']([^"']+\.js)["']\)|from ["']([^"']+\.js)["']/g)) urls.add(m[1] ?? m[2]);
  // A public page's start script (src/server/page-start.ts) adds the modulepreload links itself, from a list.
  for (const m of html.matchAll(/\}\)\((\["[^\]]*\]), "[^"]*"\);<\/script>/g)) for (const u of JSON.parse(m[1])) urls.add(u);
  let total = 0;
  for (const u of urls) total += await gzSize(new URL(u, base).href);
  const kb = total / 1024;
  if (kb > BUDGET_KB) failed = true;
  console.log(
    `${path.padEnd(16)} ${kb.toFixed(1).padStart(6)} KB gzipped in ${urls.size} files${kb > BUDGET_KB ? `  OVER ${BUDGET_KB} KB` : ""}`,
  );
}
process.exitCode = failed ? 1 : 0;
