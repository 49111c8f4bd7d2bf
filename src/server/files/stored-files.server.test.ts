import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { AppError } from "~/server/http/app-error.ts";
import { attachmentHeaders, cleanFileName, DOCUMENT_RULES, nameForType, receiveFile } from "./stored-files.server.ts";

const PDF = Buffer.from("%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n%%EOF\n");
const streamOf = (...pieces: Uint8Array[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const piece of pieces) controller.enqueue(piece);
      controller.close();
    },
  });
/** A lone surrogate: what cutting a string inside an emoji leaves. */
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

describe("cleanFileName", () => {
  it("cuts at 200 characters, never inside one: an emoji across the 200th UTF-16 unit stays whole or goes", () => {
    const name = "a" + "😀".repeat(250);
    const cut = cleanFileName(name);
    expect(Array.from(cut)).toHaveLength(200);
    expect(cut).not.toMatch(loneSurrogate);
    expect(cut).toBe("a" + "😀".repeat(199));
    // Under 200 characters but over 200 UTF-16 units: kept whole.
    expect(cleanFileName("a" + "😀".repeat(120) + ".pdf")).toBe("a" + "😀".repeat(120) + ".pdf");
  });

  it("drops bidi and other invisible format controls, control characters and lone surrogates; keeps joiners", () => {
    expect(cleanFileName("invoice\u202Efdp.exe")).toBe("invoicefdp.exe");
    const bidi = "\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069\u200E\u200F\u061C";
    expect(cleanFileName(`a${bidi}b\u200B\uFEFF\u00AD\u2028c`)).toBe("abc");
    expect(cleanFileName('tab\there\u0000/..\\x"y')).toBe("tabhere..xy");
    expect(cleanFileName("half \uD83D")).toBe("half");
    // Emoji and scripts that need the joiners keep them.
    expect(cleanFileName("family 👨\u200D👩\u200D👧.pdf")).toBe("family 👨\u200D👩\u200D👧.pdf");
    expect(cleanFileName("\u202E\u200F  ")).toBe("document");
  });
});

describe("nameForType", () => {
  it("keeps an extension of the type read from the content, else adds the type's, within 200 characters", () => {
    expect(nameForType("scan.PDF", "application/pdf")).toBe("scan.PDF");
    expect(nameForType("photo.jpeg", "image/jpeg")).toBe("photo.jpeg");
    expect(nameForType("invoice.html", "application/pdf")).toBe("invoice.html.pdf");
    expect(nameForType("looks-like.png", "application/pdf")).toBe("looks-like.png.pdf");
    expect(nameForType("document", "image/heic")).toBe("document.heic");
    const long = nameForType("😀".repeat(200), "application/pdf");
    expect(Array.from(long)).toHaveLength(200);
    expect(long).toBe("😀".repeat(196) + ".pdf");
  });

  it("downloads under that name whatever was stored before, with a sandboxed policy", () => {
    const headers = attachmentHeaders({ file_name: "x\u202Elmth.pdf", content_type: "image/png", size_bytes: 3 });
    expect(headers["Content-Disposition"]).toBe(`attachment; filename="document"; filename*=UTF-8''${encodeURIComponent("xlmth.pdf.png")}`);
    expect(headers["Content-Security-Policy"]).toMatch(/\bsandbox\b/);
  });
});

describe("receiveFile", () => {
  it("reads the body to a temporary file that is there for `handle` and gone after, whether `handle` succeeds or fails", async () => {
    let seen = "";
    const got = await receiveFile(streamOf(PDF.subarray(0, 10), PDF.subarray(10)), DOCUMENT_RULES, "statement", async (file) => {
      seen = file.path;
      expect(readFileSync(file.path)).toEqual(PDF);
      return file;
    });
    expect(got).toMatchObject({ name: "statement.pdf", contentType: "application/pdf", size: PDF.length });
    expect(existsSync(seen)).toBe(false);

    const failing = receiveFile(streamOf(PDF), DOCUMENT_RULES, "a.pdf", async (file) => {
      seen = file.path;
      throw new Error("the transaction failed");
    });
    await expect(failing).rejects.toThrow("the transaction failed");
    expect(existsSync(seen)).toBe(false);
  });

  it("refuses a wrong type (415) without reading on, too much (413), an empty or missing body (400)", async () => {
    let pulls = 0;
    const html = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulls++;
        controller.enqueue(new TextEncoder().encode("<html><script>alert(1)</script>".padEnd(5000, " ")));
      },
    });
    const status = (p: Promise<unknown>) =>
      p.then(
        () => 0,
        (err: AppError) => err.status,
      );
    const use = () => Promise.resolve();
    expect(await status(receiveFile(html, DOCUMENT_RULES, "x.pdf", use))).toBe(415);
    expect(pulls).toBeLessThanOrEqual(2);
    const small = { ...DOCUMENT_RULES, maxBytes: 100 };
    expect(await status(receiveFile(streamOf(PDF, PDF, PDF), small, "x.pdf", use))).toBe(413);
    expect(await status(receiveFile(streamOf(), DOCUMENT_RULES, "x.pdf", use))).toBe(400);
    expect(await status(receiveFile(null, DOCUMENT_RULES, "x.pdf", use))).toBe(400);
  });
});
