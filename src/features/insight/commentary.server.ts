import { sql } from "drizzle-orm";
import { recordAudit, senderName, type AuditActor } from "~/server/audit.server.ts";
import { queryRows, type Db } from "~/server/db/client.ts";
import { conflict, forbidden, invalidInput, notFound } from "~/server/http/app-error.ts";
import { monthName } from "~/features/reports/index.ts";
import type { Membership } from "~/features/tenancy/tenancy.types.ts";
import { fillIn, tokenAccounts } from "./commentary-figures.ts";
import { knownAccountCodes } from "./commentary-figures.server.ts";
import { mailCommentaryPublished } from "./commentary-mail.server.ts";
import { figuresOf, findRow, monthDate, toCommentary, type Row } from "./commentary-read.server.ts";
import type { CommentaryInput } from "./commentary.schema.ts";
import type { Commentary, CommentaryStatus } from "./commentary.types.ts";

/*
 * The month's commentary (decision 122): the firm writes it (a draft), another of the firm's people reviews it, and
 * one of them publishes it to the client, who is told by mail and reads it on her home; it is the first page of the
 * month's pack. Saving a reviewed one returns it to draft; a published one is withdrawn (back to draft, out of the
 * client's sight) before it is changed. Every step is audited in its transaction.
 */

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

/**
 * Writes the month's commentary (a draft); a reviewed one returns to draft. A published one is withdrawn first (409).
 * The first save makes the row (`on conflict do nothing`: two first saves at once make one, the second then changing it).
 */
export async function saveCommentary(db: Db, m: Membership, actor: AuditActor, month: string, input: CommentaryInput): Promise<Commentary> {
  await checkAccounts(db, m.organizationId, input);
  return db.transaction(async (tx) => {
    const made = await queryRows(
      tx,
      sql`insert into monthly_commentaries (organization_id, month, headline, changes, actions, created_by, written_by)
          values (${m.organizationId}, ${monthDate(month)}::date, ${input.headline}, ${input.changes}, ${input.actions},
                  ${m.userId}, ${m.userId})
          on conflict (organization_id, month) do nothing returning id`,
    );
    const before = made.length > 0 ? undefined : await findRow(tx, m.organizationId, month, true);
    if (before?.status === "published")
      throw conflict(`The commentary for ${monthName(month)} is published: withdraw it before changing it`);
    if (before && before.headline === input.headline && before.changes === input.changes && before.actions === input.actions)
      return toCommentary(before);
    if (before)
      await tx.execute(
        sql`update monthly_commentaries
               set headline = ${input.headline}, changes = ${input.changes}, actions = ${input.actions}, status = 'draft',
                   written_by = ${m.userId}, written_at = now(), reviewed_by = null, reviewed_at = null
             where id = ${before.id}`,
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
