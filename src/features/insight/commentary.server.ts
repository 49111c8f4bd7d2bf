import { sql } from "drizzle-orm";
import { recordAudit, senderName, type AuditActor } from "~/server/audit.server.ts";
import { queryRows, type Db } from "~/server/db/client.ts";
import { conflict, forbidden, invalidInput, notFound } from "~/server/http/app-error.ts";
import { todayIso } from "~/lib/format.ts";
import { monthName } from "~/features/reports/index.ts";
import { canBooks } from "~/features/tenancy/index.server.ts";
import type { Membership } from "~/features/tenancy/tenancy.types.ts";
import { fillIn, tokenAccounts, type FigureValues } from "./commentary-figures.ts";
import { commentaryFigures, knownAccountCodes } from "./commentary-figures.server.ts";
import { mailCommentaryPublished } from "./commentary-mail.server.ts";
import type { CommentaryInput } from "./commentary.schema.ts";
import type { Commentary, CommentaryMonth, CommentaryStatus, PublishedCommentary } from "./commentary.types.ts";
import { shiftMonth } from "./dashboard-figures.ts";

/*
 * The month's commentary (decision 122): the firm writes it (a draft), another of the firm's people reviews it, and
 * one of them publishes it to the client, who is told by mail and reads it on her home; it is the first page of the
 * month's pack. Saving a reviewed one returns it to draft; a published one is withdrawn (back to draft, out of the
 * client's sight) before it is changed. Every step is audited in its transaction.
 */

/** Months the firm's list offers: this month and the 24 before it (older ones are listed once written). */
const LISTED_MONTHS = 25;

interface Row {
  id: number;
  month: string;
  headline: string;
  changes: string;
  actions: string;
  status: CommentaryStatus;
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

function toCommentary(r: Row): Commentary {
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

const monthDate = (month: string) => `${month}-01`;

async function findRow(db: Db, organizationId: number, month: string, lock = false): Promise<Row | undefined> {
  const [row] = await queryRows<Row>(
    db,
    sql`select ${COLUMNS} from monthly_commentaries c
         where c.organization_id = ${organizationId} and c.month = ${monthDate(month)}::date ${lock ? sql`for update` : sql``}`,
  );
  return row;
}

/** The firm's list: this month and the 24 before it, and any older month written, the latest first, with their state. */
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
async function figuresOf(db: Db, organizationId: number, currency: string, c: CommentaryInput & { month: string }): Promise<FigureValues> {
  const codes = tokenAccounts([c.headline, c.changes, c.actions]);
  return (await commentaryFigures(db, organizationId, currency, c.month, codes)).values;
}

/** Refuses (400, naming the field) an account figure whose code is not in the chart. */
async function checkAccounts(db: Db, organizationId: number, input: CommentaryInput): Promise<void> {
  const known = await knownAccountCodes(db, organizationId, tokenAccounts([input.headline, input.changes, input.actions]));
  const fields: Record<string, string> = {};
  for (const key of ["headline", "changes", "actions"] as const) {
    const unknown = tokenAccounts([input[key]]).find((code) => !known.has(code));
    if (unknown) fields[key] = `Unknown account ${unknown}: no account of the chart has this code`;
  }
  if (Object.keys(fields).length > 0) throw invalidInput(fields, Object.values(fields)[0]);
}

const audited = (c: Commentary) => ({ month: c.month, status: c.status, headline: c.headline });

/** Writes the month's commentary (a draft); a reviewed one returns to draft. A published one is withdrawn first (409). */
export async function saveCommentary(db: Db, m: Membership, actor: AuditActor, month: string, input: CommentaryInput): Promise<Commentary> {
  await checkAccounts(db, m.organizationId, input);
  return db.transaction(async (tx) => {
    const before = await findRow(tx, m.organizationId, month, true);
    if (before?.status === "published")
      throw conflict(`The commentary for ${monthName(month)} is published: withdraw it before changing it`);
    if (before && before.headline === input.headline && before.changes === input.changes && before.actions === input.actions)
      return toCommentary(before);
    await tx.execute(
      before
        ? sql`update monthly_commentaries
                 set headline = ${input.headline}, changes = ${input.changes}, actions = ${input.actions}, status = 'draft',
                     written_by = ${m.userId}, written_at = now(), reviewed_by = null, reviewed_at = null
               where id = ${before.id}`
        : sql`insert into monthly_commentaries (organization_id, month, headline, changes, actions, created_by, written_by)
              values (${m.organizationId}, ${monthDate(month)}::date, ${input.headline}, ${input.changes}, ${input.actions},
                      ${m.userId}, ${m.userId})`,
    );
    const after = toCommentary((await findRow(tx, m.organizationId, month))!);
    await recordAudit(tx, actor, {
      action: "books.commentary_saved",
      targetType: "organization",
      targetId: m.organizationId,
      before: before ? audited(toCommentary(before)) : null,
      after: audited(after),
    });
    return after;
  });
}

/** The month's commentary locked for a change of state, refused unless it is in `from`. */
async function inState(tx: Db, m: Membership, month: string, from: CommentaryStatus, refusal: Record<CommentaryStatus, string>) {
  const row = await findRow(tx, m.organizationId, month, true);
  if (!row) throw notFound(`No commentary is written for ${monthName(month)}`);
  if (row.status !== from) throw conflict(refusal[row.status]);
  return row;
}

/** Changes the state of the month's commentary and audits it; `then` runs in the same transaction. */
async function step(
  db: Db,
  m: Membership,
  actor: AuditActor,
  month: string,
  change: { from: CommentaryStatus; set: ReturnType<typeof sql>; action: string; refusal: Record<CommentaryStatus, string> },
  check?: (row: Row) => void,
  then?: (tx: Db, c: Commentary) => Promise<void>,
): Promise<Commentary> {
  return db.transaction(async (tx) => {
    const row = await inState(tx, m, month, change.from, change.refusal);
    check?.(row);
    await tx.execute(sql`update monthly_commentaries set ${change.set} where id = ${row.id}`);
    const after = toCommentary((await findRow(tx, m.organizationId, month))!);
    await recordAudit(tx, actor, {
      action: change.action,
      targetType: "organization",
      targetId: m.organizationId,
      before: audited(toCommentary(row)),
      after: audited(after),
    });
    await then?.(tx, after);
    return after;
  });
}

/** Marks a draft reviewed: by one of the firm's people other than who saved it last (403 for the writer). */
export function reviewCommentary(db: Db, m: Membership, actor: AuditActor, month: string): Promise<Commentary> {
  return step(
    db,
    m,
    actor,
    month,
    {
      from: "draft",
      set: sql`status = 'reviewed', reviewed_by = ${m.userId}, reviewed_at = now()`,
      action: "books.commentary_reviewed",
      refusal: {
        draft: "",
        reviewed: "This commentary is reviewed already: publish it, or change it to review it again",
        published: "This commentary is published already",
      },
    },
    (row) => {
      if (row.written_user_id === m.userId)
        throw forbidden("A commentary is reviewed by someone other than who wrote it last: ask another of the firm's people");
    },
  );
}

/** Publishes a reviewed commentary: the client sees it on her home, and her owners are mailed once, in the same transaction. */
export function publishCommentary(db: Db, m: Membership, actor: AuditActor, month: string, publicUrl: string): Promise<Commentary> {
  return step(
    db,
    m,
    actor,
    month,
    {
      from: "reviewed",
      set: sql`status = 'published', published_by = ${m.userId}, published_at = now()`,
      action: "books.commentary_published",
      refusal: {
        draft: "A commentary is reviewed before it is published",
        reviewed: "",
        published: "This commentary is published already",
      },
    },
    undefined,
    async (tx, c) => {
      const figures = await figuresOf(tx, m.organizationId, m.currency, c);
      const { organizationId, organizationName } = m;
      const from = senderName(actor) ?? "The firm";
      await mailCommentaryPublished(tx, {
        organizationId,
        organizationName,
        label: monthName(month),
        headline: fillIn(c.headline, figures),
        from,
        publicUrl,
      });
    },
  );
}

/** Withdraws a published commentary: back to draft, out of the client's sight, to be reviewed and published again. */
export function withdrawCommentary(db: Db, m: Membership, actor: AuditActor, month: string): Promise<Commentary> {
  return step(db, m, actor, month, {
    from: "published",
    set: sql`status = 'draft', reviewed_by = null, reviewed_at = null, published_by = null, published_at = null`,
    action: "books.commentary_withdrawn",
    refusal: { draft: "This commentary is not published", reviewed: "This commentary is not published", published: "" },
  });
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
