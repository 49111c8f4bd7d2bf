import { describe, expect, it } from "vitest";
import fc from "fast-check";
import type { z } from "zod";
import {
  INT4_MAX,
  idField,
  idParam,
  isoDateField,
  pageField,
  requiredTextField,
  textField,
  textIdField,
  textIdParam,
  textProblem,
} from "./schema-fields.ts";

/** The first message of a failed parse, or "ok" with the parsed value. */
function outcome(schema: z.ZodType, value: unknown): string | { ok: unknown } {
  const r = schema.safeParse(value);
  return r.success ? { ok: r.data } : r.error.issues[0]!.message;
}

describe("textProblem", () => {
  it("finds C0 and C1 control characters, DEL, and line breaks in single-line text", () => {
    for (const c of ["\u0000", "\u0001", "\u0008", "\t", "\n", "\r", "\u001b", "\u001f", "\u007f", "\u0080", "\u0085", "\u009f"]) {
      expect(textProblem(`a${c}b`), JSON.stringify(c)).toBe("control");
    }
  });

  it("lets tab, line feed and carriage return through multi-line text, and no other control", () => {
    expect(textProblem("one\r\n\ttwo", { multiline: true })).toBeNull();
    expect(textProblem("one\u0000two", { multiline: true })).toBe("control");
    expect(textProblem("one\u000btwo", { multiline: true })).toBe("control");
    expect(textProblem("one\u0085two", { multiline: true })).toBe("control");
  });

  it("finds lone surrogates and accepts paired ones and ordinary Unicode", () => {
    expect(textProblem("\ud800")).toBe("unicode");
    expect(textProblem("a\udc00b")).toBe("unicode");
    expect(textProblem("\udc00\ud800")).toBe("unicode");
    expect(textProblem("ends high \ud83d")).toBe("unicode");
    expect(textProblem("Zoë 😀 日本 \u00a0 \u2028 €")).toBeNull();
  });

  it("accepts exactly the strings whose UTF-8 PostgreSQL can store unchanged, with no control characters", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (s) => {
        const storable = Buffer.from(s, "utf8").toString("utf8") === s && !s.includes("\u0000");
        // eslint-disable-next-line no-control-regex
        const noControls = !/[\u0000-\u001f\u007f-\u009f]/.test(s);
        expect(textProblem(s) === null).toBe(storable && noControls);
      }),
      { numRuns: 500 },
    );
  });
});

describe("textField and requiredTextField", () => {
  const name = requiredTextField("First name", { max: 10 });
  const note = textField("Message", { max: 20, multiline: true });

  it("trims, and names the field in every message", () => {
    expect(outcome(name, "  Ada  ")).toEqual({ ok: "Ada" });
    expect(outcome(name, "   ")).toBe("First name is required");
    expect(outcome(name, undefined)).toBe("First name is required");
    expect(outcome(name, null)).toBe("First name is required");
    expect(outcome(name, 42)).toBe("First name must be text");
    expect(outcome(name, "x".repeat(11))).toBe("First name must be at most 10 characters");
    expect(outcome(name, "A\u0000da")).toBe("First name must be a single line without control characters");
    expect(outcome(name, "A\nda")).toBe("First name must be a single line without control characters");
    expect(outcome(name, "A\ud800da")).toBe("First name contains characters that are not valid Unicode");
  });

  it("trims surrounding line breaks before looking for controls, and keeps inner ones where multi-line", () => {
    expect(outcome(name, "\tAda\n")).toEqual({ ok: "Ada" });
    expect(outcome(note, "line one\r\nline two")).toEqual({ ok: "line one\r\nline two" });
    expect(outcome(note, "bell\u0007")).toBe("Message must not contain control characters");
    expect(outcome(note, "")).toEqual({ ok: "" });
  });

  it("keeps a feature's own messages where it gives them", () => {
    const account = requiredTextField("Account name", { max: 200, typeError: "Account name is required" });
    expect(outcome(account, 5)).toBe("Account name is required");
    expect(outcome(account, "")).toBe("Account name is required");
  });
});

describe("idField and idParam", () => {
  it("accepts positive whole numbers within int4 and names the field otherwise", () => {
    const id = idField("Account", { rangeError: "Account not found or inactive" });
    expect(outcome(id, 1)).toEqual({ ok: 1 });
    expect(outcome(id, INT4_MAX)).toEqual({ ok: INT4_MAX });
    expect(outcome(id, INT4_MAX + 1)).toBe("Account not found or inactive");
    expect(outcome(id, 2 ** 53)).toBe("Account is required");
    expect(outcome(id, 0)).toBe("Account is required");
    expect(outcome(id, -3)).toBe("Account is required");
    expect(outcome(id, 1.5)).toBe("Account is required");
    expect(outcome(id, "7")).toBe("Account is required");
    expect(outcome(id, null)).toBe("Account is required");
  });

  it("reads path ids of digits only, within the column's range", () => {
    const p = idParam();
    expect(p.safeParse("42").data).toBe(42);
    expect(p.safeParse(String(INT4_MAX)).data).toBe(INT4_MAX);
    for (const bad of [String(INT4_MAX + 1), "99999999999999999999", "0", "-1", "1.0", "1e3", " 1", "0x10", "", "abc", "01"]) {
      expect(p.safeParse(bad).success, bad).toBe(false);
    }
    expect(idParam({ max: 100 }).safeParse("101").success).toBe(false);
  });

  it("text ids: required, one line, storable, with the feature's message", () => {
    const id = textIdField("user_id", { error: "Choose a staff member" });
    expect(outcome(id, " abc_DEF-1 ")).toEqual({ ok: "abc_DEF-1" });
    for (const missing of ["", "  ", undefined, null, 7]) expect(outcome(id, missing)).toBe("Choose a staff member");
    expect(outcome(id, "a\u0000b")).toBe("user_id must be a single line without control characters");
    expect(outcome(id, "a\ud800b")).toBe("user_id contains characters that are not valid Unicode");
    expect(outcome(id, "x".repeat(101))).toBe("user_id must be at most 100 characters");
    for (const bad of ["a\u0000b", "", "a b", "x".repeat(101), "a/b"]) expect(textIdParam().safeParse(bad).success, bad).toBe(false);
    expect(textIdParam().safeParse("zYK3Q8rYwiVxBWBCmD9GsOff48DcOM4r").success).toBe(true);
    expect(outcome(textIdField("sessionId", { max: 200, maxError: "sessionId is too long" }), "x".repeat(201))).toBe(
      "sessionId is too long",
    );
  });
});

describe("pageField", () => {
  it("reads a page number from a query, 1 when absent, and names what is wrong", () => {
    expect(outcome(pageField(), undefined)).toEqual({ ok: 1 });
    expect(outcome(pageField(), "3")).toEqual({ ok: 3 });
    expect(outcome(pageField(), "x")).toBe("Page must be a whole number");
    expect(outcome(pageField(), "1.5")).toBe("Page must be a whole number");
    expect(outcome(pageField(), "0")).toBe("Page must be at least 1");
    expect(outcome(pageField(), "100001")).toBe("Page is too large");
  });
});

describe("isoDateField", () => {
  const start = isoDateField("Start date");

  it("accepts real calendar days of years 1 to 9999", () => {
    for (const d of ["0001-01-01", "2024-02-29", "2026-12-31", "9999-12-31"]) expect(outcome(start, d)).toEqual({ ok: d });
  });

  it("refuses year 0, impossible days and other shapes, naming the field", () => {
    expect(outcome(start, "0000-01-01")).toBe("Start date must be between 0001-01-01 and 9999-12-31");
    expect(outcome(start, "0000-02-29")).toBe("Start date must be between 0001-01-01 and 9999-12-31");
    for (const bad of ["2026-02-30", "2026-13-01", "10000-01-01", "-0001-01-01", "2026-1-1", "2026-01-01T00:00:00Z", "yesterday"]) {
      expect(outcome(start, bad), bad).toBe("Start date must be a date as YYYY-MM-DD");
    }
    expect(outcome(start, undefined)).toBe("Start date is required");
    expect(outcome(start, "")).toBe("Start date is required");
    expect(outcome(start, 20260101)).toBe("Start date must be a date as YYYY-MM-DD");
  });

  it("narrows to a feature's range, never wider than PostgreSQL's", () => {
    const d = isoDateField("Entry date", { min: "1900-01-01", max: "2200-12-31" });
    expect(outcome(d, "1899-12-31")).toBe("Entry date must be between 1900-01-01 and 2200-12-31");
    expect(outcome(d, "2201-01-01")).toBe("Entry date must be between 1900-01-01 and 2200-12-31");
    expect(outcome(isoDateField("Day", { min: "0000-01-01" }), "0000-06-01")).toBe("Day must be between 0001-01-01 and 9999-12-31");
  });
});
