import { describe, expect, it } from "vitest";
import { pdfBytes, renderPdf } from "./pdf.server.ts";

describe("renderPdf", () => {
  it("streams the document as it is drawn, whole when read to the end", async () => {
    const bytes = await pdfBytes(
      renderPdf({ margin: 50 }, async (pdf, _frame, pause) => {
        for (let i = 0; i < 300; i++) {
          await pause();
          pdf.text(`Row ${i}`);
        }
      }),
    );
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(bytes.subarray(-6).toString("latin1")).toBe("%%EOF\n");
  });

  it("stops drawing when the reader goes away", async () => {
    let drawn = 0;
    let stopped!: () => void;
    const stop = new Promise<void>((resolve) => (stopped = resolve));
    const reader = renderPdf({}, async (pdf, _frame, pause) => {
      try {
        for (let i = 0; i < 1_000_000; i++) {
          await pause();
          pdf.text(`Row ${i}`);
          drawn++;
        }
      } finally {
        stopped();
      }
    }).getReader();
    expect((await reader.read()).done).toBe(false);
    await reader.cancel();
    await stop;
    expect(drawn).toBeLessThan(1_000_000);
  });

  it("fails the stream when the drawing fails", async () => {
    const failing = renderPdf({}, () => {
      throw new Error("no such font");
    });
    await expect(pdfBytes(failing)).rejects.toThrow("no such font");
  });
});
