/* global process, console, URL */
// Script a public page loads without any interaction, gzipped: every .js the browser fetches until the network is
// idle and 3 s more (what Lighthouse counts), unlike bench/first-load-js.mjs, which counts what the HTML names.
// Usage: node bench/after-load-js.mjs http://localhost:3000 [/path ...]   (against a running production build)
// LIST=1 prints each file. Exit code 1 when a page is over the 130 KB budget.
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";

const base = process.argv[2] ?? "http://localhost:3000";
const paths = process.argv.slice(3).length
  ? process.argv.slice(3)
  : ["/", "/pricing", "/contact", "/login", "/reset-password", "/consultation"];
const BUDGET_KB = 130;

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"],
});
let failed = false;
try {
  for (const path of paths) {
    const page = await browser.newPage();
    const sizes = new Map();
    page.on("response", async (res) => {
      if (!new URL(res.url()).pathname.endsWith(".js")) return;
      const body = await res.body().catch(() => null);
      if (body) sizes.set(res.url(), gzipSync(body, { level: 9 }).length);
    });
    await page.goto(base + path, { waitUntil: "networkidle" });
    await page.waitForTimeout(3000);
    const kb = [...sizes.values()].reduce((a, b) => a + b, 0) / 1024;
    if (kb > BUDGET_KB) failed = true;
    console.log(
      `${path.padEnd(16)} ${kb.toFixed(1).padStart(6)} KB gzipped in ${sizes.size} files${kb > BUDGET_KB ? `  OVER ${BUDGET_KB} KB` : ""}`,
    );
    if (process.env.LIST)
      for (const [url, size] of [...sizes].sort((a, b) => b[1] - a[1]))
        console.log(`    ${(size / 1024).toFixed(1).padStart(5)} ${url.split("/").pop()}`);
    await page.close();
  }
} finally {
  await browser.close();
}
process.exit(failed ? 1 : 0);
