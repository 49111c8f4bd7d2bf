// Renders the site's images from their SVG sources in assets/images/ into public/images/ as WebP (the files the
// site serves; both are committed). Run after changing a source: `node scripts/build-images.mjs`. It draws each SVG
// in Debian's Chromium (CHROME_PATH), as the site showed them, and encodes it with Debian's cwebp
// (`apt-get install -y chromium webp`). Hero slides: 1600×900, lossy (quality 80); logos: twice their 180×60 box,
// lossless. Raster images are decoded off the page's main thread; an SVG image is a small document the main
// thread builds.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";

const kinds = [
  { dir: "hero", scale: 1, webp: ["-q", "80"] },
  { dir: "software", scale: 2, webp: ["-lossless"] },
  { dir: "clients", scale: 2, webp: ["-lossless"] },
];
const tmp = mkdtempSync(path.join(tmpdir(), "images-"));
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"],
});
try {
  for (const { dir, scale, webp } of kinds) {
    mkdirSync(path.join("public/images", dir), { recursive: true });
    for (const file of readdirSync(path.join("assets/images", dir)).filter((f) => f.endsWith(".svg"))) {
      const svg = readFileSync(path.join("assets/images", dir, file), "utf8");
      const [, width, height] = svg.match(/<svg[^>]*\swidth="(\d+)"[^>]*\sheight="(\d+)"/).map(Number);
      const page = await browser.newPage({ viewport: { width, height }, deviceScaleFactor: scale });
      await page.setContent(`<style>html,body{margin:0;background:transparent}svg{display:block}</style>${svg}`);
      const png = path.join(tmp, file.replace(/\.svg$/, ".png"));
      await page.screenshot({ path: png, omitBackground: true });
      await page.close();
      const out = path.join("public/images", dir, file.replace(/\.svg$/, ".webp"));
      execFileSync("cwebp", ["-quiet", "-metadata", "none", ...webp, png, "-o", out]);
      console.log(out);
    }
  }
} finally {
  await browser.close();
  rmSync(tmp, { recursive: true, force: true });
}
