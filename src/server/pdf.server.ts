import PDFDocument from "pdfkit";
import { timeSlices } from "./time-slices.ts";

/** The firm is in the United States: its documents are US Letter (8.5 x 11 in, 612 x 792 points). */
export const PAGE_SIZE = "LETTER";

/** The documents' colours: text, secondary text, and the firm's brand. */
export const INK = "#0f172a";
export const MUTED = "#475569";
export const BRAND = "#1e40af";

/** Where text runs on a page: from the left margin, across the width between the margins. */
export interface PdfFrame {
  left: number;
  width: number;
}

/** Bytes gathered before they are handed to the reader (pdfkit writes a PDF in many small pieces). */
const CHUNK_BYTES = 64 * 1024;

/**
 * Awaited by a drawing between two rows: resolves at once, or, when the drawing has held the event loop for its slice
 * (`timeSlices`), once the loop has served what waits (timers, other requests). Rejects once the reader has gone
 * (the download was cancelled), which ends the drawing.
 */
export type PdfPause = () => Promise<void>;

class PdfCancelled extends Error {}

/**
 * A PDF document (US Letter, built-in Helvetica) that `draw` fills in, as a stream of its bytes, written while it
 * is drawn (decision 107): pages are written out as they end, unless `options.bufferPages` keeps them (only for a
 * short document). `options` are pdfkit's (margin, document info). A drawing of many rows awaits `pause()` between
 * them, so that it runs in slices; its reader cancelling stops it. A failure while drawing or
 * writing errors the stream. Callers that keep or send the whole document read it with `pdfBytes`.
 */
export function renderPdf(
  options: PDFKit.PDFDocumentOptions,
  draw: (pdf: PDFKit.PDFDocument, frame: PdfFrame, pause: PdfPause) => void | Promise<void>,
): ReadableStream<Uint8Array> {
  let cancelled = false;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      const pdf = new PDFDocument({ size: PAGE_SIZE, ...options });
      let pending: Uint8Array[] = [];
      let size = 0;
      const flush = () => {
        if (size === 0 || cancelled) return;
        controller.enqueue(pending.length === 1 ? pending[0]! : Buffer.concat(pending, size));
        pending = [];
        size = 0;
      };
      pdf.on("data", (c: Uint8Array) => {
        pending.push(c);
        size += c.byteLength;
        if (size >= CHUNK_BYTES) flush();
      });
      const slices = timeSlices();
      const pause: PdfPause = async () => {
        if (cancelled) throw new PdfCancelled();
        if (!slices.due()) return;
        flush();
        await slices.next();
        if (cancelled) throw new PdfCancelled();
      };
      const left = pdf.page.margins.left;
      const frame = { left, width: pdf.page.width - left - pdf.page.margins.right };
      const drawn = new Promise<void>((resolve, reject) => {
        pdf.on("end", resolve);
        pdf.on("error", reject);
        Promise.resolve()
          .then(() => draw(pdf, frame, pause))
          .then(() => pdf.end())
          .catch(reject);
      });
      drawn.then(
        () => {
          flush();
          if (!cancelled) controller.close();
        },
        (err: unknown) => {
          if (!cancelled && !(err instanceof PdfCancelled)) controller.error(err);
        },
      );
    },
    cancel() {
      cancelled = true;
    },
  });
}

/** The whole document as bytes (a document that is kept, attached to a mail, or cached). */
export async function pdfBytes(pdf: ReadableStream<Uint8Array>): Promise<Buffer> {
  return Buffer.from(await new Response(pdf).arrayBuffer());
}

/** A column of a table drawn with `drawTableRow`: its heading, its left edge and width (points), its alignment. */
export interface PdfColumn {
  title: string;
  x: number;
  w: number;
  align: "left" | "right";
}

/**
 * One row of a table at the current height, each value wrapped in its column (4 points short of its width), in bold
 * for the heads or a total. The text goes on at the left margin, `gap` points below the row's tallest cell.
 */
export function drawTableRow(pdf: PDFKit.PDFDocument, cols: PdfColumn[], values: string[], { bold = false, gap = 4 } = {}) {
  const y = pdf.y;
  let bottom = y;
  pdf.font(bold ? "Helvetica-Bold" : "Helvetica");
  values.forEach((v, i) => {
    const c = cols[i]!;
    pdf.text(v, c.x, y, { width: c.w - 4, align: c.align });
    bottom = Math.max(bottom, pdf.y);
  });
  pdf.x = pdf.page.margins.left;
  pdf.y = bottom + gap;
}

/** Facts about a document, one a line: "Name: value", the name in bold. */
export function drawFacts(pdf: PDFKit.PDFDocument, facts: [string, string][]) {
  for (const [name, value] of facts) pdf.font("Helvetica-Bold").text(`${name}: `, { continued: true }).font("Helvetica").text(value);
}
