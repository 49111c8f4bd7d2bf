/**
 * The fields of an MT940 file (`:NN:` tags), each with its continuation lines joined: one pass over the text, in
 * slices (decision 106).
 */
import { timeSlices } from "~/server/time-slices.ts";
import { StatementReadError, textLines } from "./bank-statement.ts";
import { formatCount } from "~/lib/format.ts";

export interface Field {
  tag: string;
  value: string;
  line: number;
}

/** A line longer than this is refused: SWIFT lines hold 65 characters, banks' exports a few hundred (decision 106). */
const MAX_MT940_LINE = 2_000;
/** A field with its continuation lines: SWIFT's :86: holds 6 × 65 characters, German sub-fields some 800. */
const MAX_MT940_FIELD = 10_000;

const TAG = /^:(\d{2}[A-Z]?):/;
/** Information (:86:) in sub-fields (`105?00Basislastschrift?20…`) or in codes (`/EREF/…//REMI/…`). */
export const SUBFIELDS = /^(\d{3})?\?\d{2}/;
const isStructured = (text: string) => text.startsWith("/") || SUBFIELDS.test(text);

/** A field being read: its pieces (joined once, when it is whole) and what joining the next line depends on. */
interface Open {
  tag: string;
  line: number;
  pieces: string[];
  length: number;
  /** The value's first characters: enough to tell structured information (`?20`, `105?00`, `/EREF/`). */
  head: string;
  /** The length of the field's last line. */
  last: number;
}

const count = formatCount;

/** Adds a continuation line to a field. */
function extend(f: Open, line: string, no: number) {
  // Free text wrapped short is joined by a space; codes, sub-fields and full (65) lines are cut anywhere.
  const piece = f.tag === "86" && !isStructured(f.head) && f.last < 65 ? ` ${line}` : line;
  f.pieces.push(piece);
  f.length += piece.length;
  if (f.head.length < 8) f.head = (f.head + piece).slice(0, 8);
  f.last = line.length;
  if (f.length > MAX_MT940_FIELD) throw tooLong(f, no);
}

const tooLong = (f: Open, no: number) =>
  new StatementReadError(f.line, `Line ${f.line}: the field :${f.tag}: runs on to line ${no}, past ${count(MAX_MT940_FIELD)} characters`);

/**
 * Reads the file's lines into fields, each with its continuation lines joined and the line it starts on, and hands
 * each field to `take` once it is whole. One pass over the text, a slice at a time.
 *
 * A lone `-` ends a message when the next tagged line starts another statement (`:20:`), a block (`{`) follows or the
 * file ends; otherwise it is text (ING wraps `-` inside text too). What follows such a `-` is therefore held until
 * that next line tells what it is.
 */
export async function readFields(text: string, take: (f: Field) => void): Promise<void> {
  let open: Open | undefined; // the last field started, handed on when the next one starts
  let joining = false; // whether an untagged line continues `open`
  let held: { lines: string[]; chars: number } | undefined; // a lone `-` and the lines after it, while undecided
  const handOn = () => {
    if (open) take({ tag: open.tag, value: open.pieces.join(""), line: open.line });
    open = undefined;
    joining = false;
  };
  const slices = timeSlices();
  let no = 0;
  for (const raw of textLines(text)) {
    no++;
    if (slices.due()) await slices.next();
    if (raw.length > MAX_MT940_LINE) {
      throw new StatementReadError(
        no,
        `Line ${no}: the line is longer than ${count(MAX_MT940_LINE)} characters, which MT940 lines never are`,
      );
    }
    let line = raw;
    if (line.startsWith("{")) {
      held = undefined; // a block follows a lone `-`: the message had ended
      handOn(); // {1:}{2:} header blocks, {5:} trailer
      const at = line.indexOf("{4:");
      if (at < 0) continue;
      line = line.slice(at + 3);
    }
    if (line.trim() === "") continue;
    if (line.startsWith("-}")) {
      joining = false;
      continue;
    }
    const tag = TAG.exec(line);
    if (!tag) {
      if (!joining) continue; // a bank's header line before the first field (ABNANL2A, 940), or after a message's end
      if (held || line.trim() === "-") {
        held ??= { lines: [], chars: 0 };
        held.chars += line.length;
        // Past the field's limit the lines are not kept: if they belong to the field, it is refused anyway.
        if (held.chars <= MAX_MT940_FIELD) held.lines.push(line);
      } else extend(open!, line, no);
      continue;
    }
    if (held && tag[1] !== "20" && open) {
      if (held.chars > MAX_MT940_FIELD) throw tooLong(open, no);
      for (const l of held.lines) extend(open, l, no);
    }
    held = undefined;
    handOn();
    const value = line.slice(tag[0].length);
    open = { tag: tag[1]!, line: no, pieces: [value], length: value.length, head: value.slice(0, 8), last: value.length };
    joining = true;
  }
  handOn();
}
