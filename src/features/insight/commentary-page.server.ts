import type { Db } from "~/server/db/client.ts";
import { formatLongDate } from "~/lib/format.ts";
import { printBooks, type PrintableReport, type PrintRow } from "~/features/reports/index.ts";
import type { Membership } from "~/features/tenancy/tenancy.types.ts";
import { fillIn } from "./commentary-figures.ts";
import { publishedCommentaryOf } from "./commentary-read.server.ts";

/** The commentary page's title, as the pack's cover lists it. */
export const COMMENTARY_TITLE = "Monthly commentary";

/** Longest piece of a paragraph in one cell: a cell is cut at a third of a page, about 3,000 characters. */
const PIECE = 1500;

/** A paragraph in pieces that each fit a cell, cut between words. */
function pieces(paragraph: string): string[] {
  const out: string[] = [];
  let rest = paragraph;
  while (rest.length > PIECE) {
    const cut = rest.lastIndexOf(" ", PIECE);
    const at = cut > PIECE / 2 ? cut : PIECE;
    out.push(rest.slice(0, at).trim());
    rest = rest.slice(at).trim();
  }
  return rest ? [...out, rest] : out;
}

/** A part of the commentary as rows: its heading, then each paragraph (a blank line or a line break ends one). */
function part(heading: string, text: string): PrintRow[] {
  const paragraphs = text
    .split(/\n+/)
    .map((p) => p.trim())
    .filter(Boolean);
  if (paragraphs.length === 0) return [];
  return [
    { kind: "section", label: heading },
    ...paragraphs.flatMap(pieces).map((p): PrintRow => ({ kind: "line", cells: [p], depth: 0 })),
  ];
}

/**
 * The month-end pack's first page (decision 122): the month's published commentary, its figures filled in from the
 * ledger as the pack is prepared, or null when none is published for the month. The headline heads the page.
 */
export async function commentaryPage(db: Db, m: Membership, month: string): Promise<PrintableReport | null> {
  const c = await publishedCommentaryOf(db, m.organizationId, m.currency, month);
  if (!c) return null;
  const books = printBooks(m);
  return {
    title: COMMENTARY_TITLE,
    organization: books.name,
    period: c.label,
    columns: [{ head: fillIn(c.headline, c.figures), align: "left", width: 1 }],
    rows: [
      ...part("What changed and why", fillIn(c.changes, c.figures)),
      ...part("What to do", fillIn(c.actions, c.figures)),
      { kind: "note", text: `Published by Ledgerline Advisors on ${formatLongDate(c.published_at)}. Figures from the posted ledger.` },
    ],
  };
}
