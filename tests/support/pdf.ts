import { inflateSync } from "node:zlib";

/**
 * The text lines drawn in each content stream of a PDF made by pdfkit with its built-in fonts (one stream a page, in
 * order): hex strings in the TJ operators of its deflated content streams. Each stream is read by its /Length, since
 * compressed bytes may end in a line break. Streams that draw no text are left out.
 */
function streamLines(pdf: Buffer): string[][] {
  const raw = pdf.toString("latin1");
  const streams: string[][] = [];
  for (const m of raw.matchAll(/\/Length (\d+)[^>]*>>\s*stream\r?\n/g)) {
    const start = m.index + m[0].length;
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, start + Number(m[1]))).toString("latin1");
    } catch {
      continue;
    }
    const lines = [...content.matchAll(/\[(.*?)\] TJ/g)].map((tj) =>
      [...tj[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => Buffer.from(h[1]!, "hex").toString("latin1")).join(""),
    );
    if (lines.length) streams.push(lines);
  }
  return streams;
}

/** The text lines drawn in such a PDF, in order. */
export function pdfLines(pdf: Buffer): string[] {
  return streamLines(pdf).flat();
}

/** All the text of such a PDF as one string, wrapped lines joined by single spaces. */
export function pdfText(pdf: Buffer): string {
  return pdfLines(pdf).join(" ").replace(/\s+/g, " ");
}

/** The page sizes, in points, of a PDF ("0 0 612 792" is US Letter). */
export function mediaBoxes(pdf: Buffer): string[] {
  return [...pdf.toString("latin1").matchAll(/\/MediaBox \[([^\]]+)\]/g)].map((m) => m[1]!.trim());
}

/** The text of each page of such a PDF, lines joined by spaces. */
export function pdfPages(pdf: Buffer): string[] {
  return streamLines(pdf).map((lines) => lines.join(" ").replace(/\s+/g, " "));
}
