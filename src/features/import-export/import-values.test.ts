import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { detectDateFormat, detectNumberFormat, parseAmount, parseDate, type NumberFormat } from "./import-values.ts";

const cents = fc.bigInt({ min: -99_999_999_999_999n, max: 99_999_999_999_999n });

/** Writes cents the way a program using that format would, grouping or not, sign in one of the accepted places. */
function write(value: bigint, format: NumberFormat, grouped: boolean, sign: "minus" | "paren" | "trailing"): string {
  const abs = value < 0n ? -value : value;
  const whole = (abs / 100n).toString();
  const group = { "1,234.56": ",", "1.234,56": ".", "1 234,56": " " }[format];
  const decimal = format === "1,234.56" ? "." : ",";
  const body = `${grouped ? whole.replace(/\B(?=(\d{3})+(?!\d))/g, group) : whole}${decimal}${(abs % 100n).toString().padStart(2, "0")}`;
  if (value >= 0n) return body;
  return sign === "minus" ? `-${body}` : sign === "paren" ? `(${body})` : `${body}-`;
}

describe("parseAmount", () => {
  it("reads the written forms of the issue", () => {
    expect(parseAmount("1,234.56", "1,234.56")).toEqual({ ok: true, value: 123456n });
    expect(parseAmount("1.234,56", "1.234,56")).toEqual({ ok: true, value: 123456n });
    expect(parseAmount("1 234,56", "1 234,56")).toEqual({ ok: true, value: 123456n });
    expect(parseAmount("(1,234.56)", "1,234.56")).toEqual({ ok: true, value: -123456n });
    expect(parseAmount("-1234.56", "1,234.56")).toEqual({ ok: true, value: -123456n });
    expect(parseAmount("1234.56-", "1,234.56")).toEqual({ ok: true, value: -123456n });
    expect(parseAmount("$12.5", "1,234.56")).toEqual({ ok: true, value: 1250n });
    expect(parseAmount("12042,12", "1.234,56")).toEqual({ ok: true, value: 1204212n });
    expect(parseAmount("", "1,234.56")).toEqual({ ok: true, value: null });
    expect(parseAmount("0.10", "1,234.56")).toEqual({ ok: true, value: 10n });
    expect(parseAmount("1.500", "1,234.56")).toEqual({ ok: true, value: 150n });
  });

  it("refuses what is not an amount of that format", () => {
    for (const [text, format] of [
      ["1.234,56", "1,234.56"],
      ["1,234.56", "1.234,56"],
      ["12,34,5", "1,234.56"],
      ["1.234", "1,234.56"],
      ["abc", "1,234.56"],
      ["-", "1,234.56"],
      ["1e5", "1,234.56"],
      ["1000000000000.00", "1,234.56"],
    ] as const) {
      expect(parseAmount(text, format).ok, `${text} in ${format}`).toBe(false);
    }
  });

  it("reads back every amount written in any format, grouped or not, with any sign style", () => {
    fc.assert(
      fc.property(
        cents,
        fc.constantFrom<NumberFormat>("1,234.56", "1.234,56", "1 234,56"),
        fc.boolean(),
        fc.constantFrom("minus", "paren", "trailing" as const),
        (value, format, grouped, sign) => {
          expect(parseAmount(write(value, format, grouped, sign), format)).toEqual({ ok: true, value });
        },
      ),
    );
  });

  it("detects the format from a column of amounts with decimals", () => {
    fc.assert(
      fc.property(
        fc.array(cents, { minLength: 1, maxLength: 20 }),
        fc.constantFrom<NumberFormat>("1,234.56", "1.234,56"),
        (values, format) => {
          const texts = values.map((v) => write(v, format, true, "minus"));
          const detected = detectNumberFormat(texts);
          for (const [i, t] of texts.entries()) expect(parseAmount(t, detected)).toEqual({ ok: true, value: values[i] });
        },
      ),
    );
  });
});

describe("parseDate", () => {
  const day = fc.date({ min: new Date("1900-01-01T00:00:00Z"), max: new Date("2200-12-31T00:00:00Z"), noInvalidDate: true });
  const iso = (d: Date) => d.toISOString().slice(0, 10);

  it("reads each format and refuses days that do not exist", () => {
    expect(parseDate("2026-03-01", "2026-03-01")).toEqual({ ok: true, value: "2026-03-01" });
    expect(parseDate("03/01/2026", "03/01/2026")).toEqual({ ok: true, value: "2026-03-01" });
    expect(parseDate("01/03/2026", "01/03/2026")).toEqual({ ok: true, value: "2026-03-01" });
    expect(parseDate("1.3.2026", "01.03.2026")).toEqual({ ok: true, value: "2026-03-01" });
    expect(parseDate("02/30/2026", "03/01/2026").ok).toBe(false);
    expect(parseDate("2026-02-29", "2026-03-01").ok).toBe(false);
    expect(parseDate("2028-02-29", "2026-03-01").ok).toBe(true);
    expect(parseDate("31/01/2022", "03/01/2026").ok).toBe(false);
  });

  it("reads back every day written in every format", () => {
    fc.assert(
      fc.property(day, (d) => {
        const [y, m, dd] = iso(d).split("-");
        expect(parseDate(`${y}-${m}-${dd}`, "2026-03-01")).toEqual({ ok: true, value: iso(d) });
        expect(parseDate(`${m}/${dd}/${y}`, "03/01/2026")).toEqual({ ok: true, value: iso(d) });
        expect(parseDate(`${dd}/${m}/${y}`, "01/03/2026")).toEqual({ ok: true, value: iso(d) });
        expect(parseDate(`${dd}.${m}.${y}`, "01.03.2026")).toEqual({ ok: true, value: iso(d) });
      }),
    );
  });

  it("detects day-first when a day above 12 comes first, month-first by default", () => {
    expect(detectDateFormat(["31/01/2022", "02/02/2022"])).toBe("01/03/2026");
    expect(detectDateFormat(["01/31/2022", "02/02/2022"])).toBe("03/01/2026");
    expect(detectDateFormat(["02/02/2022"])).toBe("03/01/2026");
    expect(detectDateFormat(["2008-01-01"])).toBe("2026-03-01");
    expect(detectDateFormat(["31.01.2022"])).toBe("01.03.2026");
  });
});
