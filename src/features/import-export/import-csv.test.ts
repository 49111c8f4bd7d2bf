import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { CsvReadError, MAX_ROW_CHARS, MAX_ROW_FIELDS, readCsv } from "./import-csv.server.ts";
import { formatCount } from "~/lib/format.ts";

/** An upload arriving in the given chunks, counting how many were read and whether the reader let go of it. */
function upload(chunks: Iterable<string | Uint8Array>) {
  const seen = { read: 0, closed: false };
  const body = (async function* () {
    try {
      for (const chunk of chunks) {
        seen.read++;
        yield typeof chunk === "string" ? Buffer.from(chunk) : chunk;
      }
    } finally {
      seen.closed = true;
    }
  })();
  return { body, seen };
}

const refusal = async (read: Promise<unknown>) => {
  const err = await read.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(CsvReadError);
  return err as CsvReadError;
};

describe("readCsv: a CSV read as it arrives", () => {
  it("gives the rows papaparse gives for the whole text, and the line each starts on, however the text is cut", async () => {
    const text =
      '\uFEFFdate;text;amount\r\n2025-01-02;"a ""quoted""; text";-1,50\r\n\r\n   ;  \r\n2025-01-03;"two\r\nlines";2\r\n2025-01-04;é ü €;3';
    const bytes = Buffer.from(text);
    const expected = Papa.parse<string[]>(text.slice(1), { delimiter: ";", skipEmptyLines: "greedy" }).data;
    for (const size of [1, 2, 3, 5, 7, 64]) {
      const cut = Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) => bytes.subarray(i * size, (i + 1) * size));
      const read = await readCsv(upload(cut).body, { maxRows: 100 });
      // Lines 3 and 4 are blank; the row of line 5 runs on to line 6 inside its quotes.
      expect(read, `pieces of ${size} bytes`).toEqual({ rows: expected, lines: [1, 2, 5, 7], encoding: "utf-8", delimiter: ";" });
    }
  });

  it("refuses the first row over the limit at once and reads the upload no further", async () => {
    const chunk = "1,a\n".repeat(1000);
    const { body, seen } = upload(Array.from({ length: 100 }, () => chunk));
    const err = await refusal(readCsv(body, { maxRows: 20_000 }));
    expect(err).toMatchObject({
      field: "file",
      tooManyRows: true,
      message: "The file has more than 20,000 rows: split it into smaller files",
    });
    // Row 20,001 is in the 21st chunk: the 79 after it are never read.
    expect(seen.read).toBe(21);
    expect(seen.closed).toBe(true);
  });

  it("refuses a row longer than the cap (a quote left open) without reading to the end", async () => {
    const { body, seen } = upload(['date,text\n2025-01-02,ok\n2025-01-03,"open', ...Array.from({ length: 200 }, () => "x".repeat(4096))]);
    const err = await refusal(readCsv(body, { maxRows: 1000 }));
    expect(err.message).toBe(`Line 3 is longer than ${formatCount(MAX_ROW_CHARS)} characters: is a quote left open?`);
    expect(seen.read).toBeLessThan(40);
    expect(seen.closed).toBe(true);
  });

  it("refuses a row of more fields than the cap, and a long row that ends", async () => {
    const wide = await refusal(readCsv(upload([`a,b\n${"x,".repeat(MAX_ROW_FIELDS)}x\n`]).body, { maxRows: 10 }));
    expect(wide.message).toBe(`Line 2 has more than ${formatCount(MAX_ROW_FIELDS)} fields: is the delimiter right?`);
    const long = await refusal(readCsv(upload([`a,b\n1,${"y".repeat(MAX_ROW_CHARS)}\n2,z\n`]).body, { maxRows: 10 }));
    expect(long.message).toMatch(/^Line 2 is longer than/);
  });
});
