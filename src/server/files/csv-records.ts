import Papa from "papaparse";

/** A record of a CSV file: its cells, and the line of the file it starts on (a quoted cell may hold line breaks). */
export interface CsvRecord {
  line: number;
  cells: string[];
}

/** The records of a CSV text that hold anything but blanks, each with the line it starts on, for errors that name it. */
export function csvRecords(text: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  let start = 0;
  let line = 1;
  Papa.parse<string[]>(text, {
    step: (r) => {
      if (r.data.some((cell) => cell.trim() !== "")) records.push({ line, cells: r.data });
      line += (text.slice(start, r.meta.cursor).match(/\n/g) ?? []).length;
      start = r.meta.cursor;
    },
  });
  return records;
}
