import { describe, expect, it } from "vitest";
import { checklistPath, checklists, findChecklist } from "./checklists.ts";
import { renderChecklistPdf } from "./checklist-pdf.server.ts";
import { downloads } from "./resources-content.ts";
import { mediaBoxes, pdfText } from "../../../tests/support/pdf.ts";

describe("checklists", () => {
  it("every direct download on /resources is a checklist served as PDF", () => {
    const direct = downloads.filter((d) => d.href);
    expect(direct.length).toBeGreaterThan(0);
    for (const d of direct) {
      expect(d.format).toBe("PDF");
      const slug = /^\/downloads\/([a-z0-9-]+)\.pdf$/.exec(d.href!)?.[1];
      expect(slug, d.href!).toBeDefined();
      expect(findChecklist(slug!)?.title).toBe(d.title);
      expect(checklistPath(findChecklist(slug!)!)).toBe(d.href);
    }
  });

  it("renders each as a US Letter PDF with every item", async () => {
    for (const list of checklists) {
      const pdf = await renderChecklistPdf(list);
      expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
      expect(mediaBoxes(pdf)).toEqual(["0 0 612 792"]);
      const text = pdfText(pdf);
      expect(text).toContain(list.title);
      for (const item of list.sections.flatMap((s) => s.items)) expect(text).toContain(item);
    }
  });
});
