import { sql } from "drizzle-orm";
import { queryRows, type Db } from "~/server/db/client.ts";
import { todayIso } from "~/lib/format.ts";
import { monthName } from "~/features/reports/index.ts";
import { canBooks } from "~/features/tenancy/index.server.ts";
import type { Membership } from "~/features/tenancy/tenancy.types.ts";
import { tokenAccounts, type FigureValues } from "./commentary-figures.ts";
import { commentaryFigures } from "./commentary-figures.server.ts";
import type { CommentaryInput } from "./commentary.schema.ts";
import type { Commentary, CommentaryMonth, CommentaryStatus, PublishedCommentary } from "./commentary.types.ts";
import { shiftMonth } from "./dashboard-figures.ts";

/*
 * Reading the monthly commentary (decision 122): its rows, the firm's list of months, a month's commentary as a member
 * may see it (the client only once published), and the latest published one for the client's home.
 */

/** Months the firm's list offers: this month and the twelve before it (older ones are listed once written). */
const LISTED_MONTHS = 13;

/** A commentary as read: its own fields, then who took each step and when (the steps apart). */
export interface Row extends Omit<Commentary, "written" | "reviewed" | "published"> {
  written_user_id: string | null;
  written_by: string | null;
  written_at: string;
  reviewed_by: string | null;
  reviewed_at: string | null;
  published_by: string | null;
  published_at: string | null;
}

const who = (alias: string) => sql.raw(`(select coalesce(nullif(btrim(u.name), ''), u.email) from users u where u.id = c.${alias})`);
const at = (column: string) => sql.raw(`to_char(c.${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`);
const COLUMNS = sql`c.id, to_char(c.month, 'YYYY-MM') as month, c.headline, c.changes, c.actions, c.status,
  c.written_by as written_user_id, ${who("written_by")} as written_by, ${at("written_at")} as written_at,
  ${who("reviewed_by")} as reviewed_by, ${at("reviewed_at")} as reviewed_at,
  ${who("published_by")} as published_by, ${at("published_at")} as published_at`;

export function toCommentary(r: Row): Commentary {
  return {
    id: Number(r.id),
    month: r.month,
    headline: r.headline,
    changes: r.changes,
    actions: r.actions,
    status: r.status,
    written: { user_id: r.written_user_id, by: r.written_by, at: r.written_at },
    reviewed: r.reviewed_at ? { by: r.reviewed_by, at: r.reviewed_at } : null,
    published: r.published_at ? { by: r.published_by, at: r.published_at } : null,
  };
}

export const monthDate = (month: string) => `${month}-01`;

export async function findRow(db: Db, organizationId: number, month: string, lock = false): Promise<Row | undefined> {
  const [row] = await queryRows<Row>(
    db,
    sql`select ${COLUMNS} from monthly_commentaries c
         where c.organization_id = ${organizationId} and c.month = ${monthDate(month)}::date ${lock ? sql`for update` : sql``}`,
  );
  return row;
}

/** The firm's list: this month and the twelve before it, and any older month written, the latest first, with their state. */
export async function listCommentaryMonths(db: Db, m: Membership, today = todayIso()): Promise<CommentaryMonth[]> {
  const rows = await queryRows<{ month: string; status: CommentaryStatus; headline: string }>(
    db,
    sql`select to_char(month, 'YYYY-MM') as month, status, headline from monthly_commentaries
         where organization_id = ${m.organizationId} order by month desc`,
  );
  const written = new Map(rows.map((r) => [r.month, r]));
  const months = new Set([...Array.from({ length: LISTED_MONTHS }, (_, i) => shiftMonth(today.slice(0, 7), -i)), ...written.keys()]);
  return [...months]
    .sort((a, b) => b.localeCompare(a))
    .map((month) => ({
      month,
      label: monthName(month),
      status: written.get(month)?.status ?? null,
      headline: written.get(month)?.headline ?? null,
    }));
}

/**
 * The month's commentary for this member: the firm's people who write it see it in every state; anyone else (the
 * client, a viewer) only once it is published, and nothing before (null).
 */
export async function readCommentary(
  db: Db,
  m: Membership,
  month: string,
): Promise<{ commentary: Commentary | null; figures: FigureValues }> {
  const row = await findRow(db, m.organizationId, month);
  if (!row || (row.status !== "published" && !canBooks(m, "books.commentary.write"))) return { commentary: null, figures: {} };
  const commentary = toCommentary(row);
  return { commentary, figures: await figuresOf(db, m.organizationId, m.currency, commentary) };
}

/** The values of the figures a commentary's text inserts, from the posted ledger as it is now. */
export async function figuresOf(
  db: Db,
  organizationId: number,
  currency: string,
  c: CommentaryInput & { month: string },
): Promise<FigureValues> {
  const codes = tokenAccounts([c.headline, c.changes, c.actions]);
  return (await commentaryFigures(db, organizationId, currency, c.month, codes)).values;
}

/** The latest published commentary of the books, its figures filled in from the ledger as it is now; null when none. */
export async function latestPublishedCommentary(db: Db, organizationId: number, currency: string): Promise<PublishedCommentary | null> {
  const [row] = await queryRows<Row>(
    db,
    sql`select ${COLUMNS} from monthly_commentaries c
         where c.organization_id = ${organizationId} and c.status = 'published' order by c.month desc limit 1`,
  );
  return row ? published(db, organizationId, currency, row) : null;
}

/** The month's published commentary (the pack's first page), or null. */
export async function publishedCommentaryOf(
  db: Db,
  organizationId: number,
  currency: string,
  month: string,
): Promise<PublishedCommentary | null> {
  const row = await findRow(db, organizationId, month);
  return row?.status === "published" ? published(db, organizationId, currency, row) : null;
}

async function published(db: Db, organizationId: number, currency: string, row: Row): Promise<PublishedCommentary> {
  const c = toCommentary(row);
  return {
    month: c.month,
    label: monthName(c.month),
    headline: c.headline,
    changes: c.changes,
    actions: c.actions,
    published_at: c.published!.at,
    figures: await figuresOf(db, organizationId, currency, c),
  };
}
