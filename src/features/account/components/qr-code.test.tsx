import { renderToStaticMarkup } from "react-dom/server";
import jsQR from "jsqr";
import { describe, expect, it } from "vitest";
import { QrCode } from "./qr-code.tsx";

/** Rasterises the component's SVG (its viewBox and its one path of 1×1 squares) as RGBA pixels, `scale` per module. */
function rasterise(svg: string, scale = 8) {
  const size = Number(/viewBox="0 0 (\d+) \1"/.exec(svg)?.[1]);
  const d = /<path d="([^"]*)"/.exec(svg)?.[1] ?? "";
  const dark = new Set([...d.matchAll(/M(\d+) (\d+)h1v1h-1z/g)].map((m) => `${m[1]},${m[2]}`));
  // Everything in the path is one of those squares: nothing else would be drawn.
  expect(d.replace(/M\d+ \d+h1v1h-1z/g, "")).toBe("");
  const width = size * scale;
  const pixels = new Uint8ClampedArray(width * width * 4);
  for (let y = 0; y < width; y++) {
    for (let x = 0; x < width; x++) {
      const v = dark.has(`${Math.floor(x / scale)},${Math.floor(y / scale)}`) ? 0 : 255;
      pixels.set([v, v, v, 255], (y * width + x) * 4);
    }
  }
  return { pixels, width };
}

describe("enrolment QR code", () => {
  it.each([
    "otpauth://totp/Ledgerline%20Advisors:ana%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Ledgerline%20Advisors&digits=6&period=30",
    "otpauth://totp/Ledgerline%20Advisors:a.very.long.address%2Bwith-tag%40subdomain.example.co.uk?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&issuer=Ledgerline%20Advisors&digits=6&period=30",
  ])("decodes to exactly the otpauth URI (%#)", (uri) => {
    const svg = renderToStaticMarkup(<QrCode value={uri} label="QR code" />);
    const { pixels, width } = rasterise(svg);
    const decoded = jsQR(pixels, width, width);
    expect(decoded?.data).toBe(uri);
  });
});
