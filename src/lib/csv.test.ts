import { describe, expect, it } from "vitest";
import fc from "fast-check";
import Papa from "papaparse";
import { csvAmount, csvRows, csvText, csvTextBack } from "./csv.ts";

const FORMULA_FIRST = /^[=+\-@\t\r]/;
/** Text rich in what matters here: separators, quotes, line breaks, formula characters and apostrophes. */
const risky = fc
  .array(fc.oneof(fc.constantFrom(",", ";", "\t", '"', "\r", "\n", "=", "+", "-", "@", "'", " ", "\r\n"), fc.string({ maxLength: 4 })), {
    maxLength: 12,
  })
  .map((parts) => parts.join(""));
const text = fc.oneof(risky, fc.string(), fc.constantFrom("Acme;=1+2", '=HYPERLINK("x")', "a,=b", "a\t=b", "-12.50", "'=x"));

describe("csvRows", () => {
  it("never yields a cell starting with a formula character from text, split on comma, semicolon or tab", () => {
    fc.assert(
      fc.property(fc.array(text, { minLength: 1, maxLength: 6 }), (cells) => {
        const row = csvRows(null, [cells]);
        for (const sep of [",", ";", "\t"])
          for (const part of row.split(sep)) expect(part, JSON.stringify({ row, sep })).not.toMatch(FORMULA_FIRST);
      }),
      { numRuns: 2000 },
    );
  });

  it("parses back with papaparse to the original text once the added apostrophes are taken off", () => {
    fc.assert(
      fc.property(fc.array(text, { minLength: 1, maxLength: 6 }), fc.array(text, { minLength: 1, maxLength: 6 }), (header, cells) => {
        const width = Math.min(header.length, cells.length);
        const file = csvRows(header.slice(0, width), [cells.slice(0, width)]);
        const parsed = Papa.parse<string[]>(file, { delimiter: ",", newline: "\r\n" }).data;
        expect(parsed.map((r) => r.map(csvTextBack))).toEqual([header.slice(0, width), cells.slice(0, width)]);
      }),
      { numRuns: 2000 },
    );
  });

  it("takes off exactly what it added", () => {
    fc.assert(
      fc.property(text, (s) => {
        expect(csvTextBack(csvText(s))).toBe(s);
      }),
      { numRuns: 2000 },
    );
  });

  it("quotes a text cell holding a separator, quote or line break, and makes its formula parts text", () => {
    expect(csvRows(["Company"], [["Acme;=1+2"], ["=SUM(A1)"], ["a\tb"], ['say "hi"'], ["plain"]])).toBe(
      ["Company", `"Acme;'=1+2"`, "'=SUM(A1)", `"a\tb"`, `"say ""hi"""`, "plain"].join("\r\n"),
    );
  });

  it("writes amounts and numbers as numbers, a negative one unprefixed; text that looks like one is still text", () => {
    expect(csvRows(null, [[csvAmount("-12.50"), -3, 7n, "-12.50", csvAmount("=1+2")]])).toBe("-12.50,-3,7,'-12.50,'=1+2");
  });
});
