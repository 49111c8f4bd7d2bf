import { inflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { checklistPath, checklists, findChecklist } from "./checklists.ts";
import { renderChecklistPdf } from "./checklist-pdf.server.ts";
import { downloads } from "./resources-content.ts";

function pdfText(pdf: Buffer): string {
  const lines: string[] = [];
  for (const m of pdf.toString("latin1").matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(m[1]!, "latin1")).toString("latin1");
    } catch {
      continue;
    }
    for (const tj of content.matchAll(/\[(.*?)\] TJ/g)) {
      lines.push([...tj[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => Buffer.from(h[1]!, "hex").toString("latin1")).join(""));
    }
  }
  return lines.join(" ").replace(/\s+/g, " ");
}

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
      expect([...pdf.toString("latin1").matchAll(/\/MediaBox \[([^\]]+)\]/g)].map((m) => m[1]!.trim())).toEqual(["0 0 612 792"]);
      const text = pdfText(pdf);
      expect(text).toContain(list.title);
      for (const item of list.sections.flatMap((s) => s.items)) expect(text).toContain(item);
    }
  });
});
