import { sql } from "drizzle-orm";
import { rolesHolding } from "~/lib/permissions.ts";
import { queryRows, type Db, pgArray } from "~/server/db/client.ts";
import { recordAudit, type AuditActor } from "~/server/audit.server.ts";
import { conflict } from "~/server/http/app-error.ts";
import { renderMail } from "~/server/mail/html.ts";
import { enqueueMail } from "~/server/mail/outbox.server.ts";
import { notFound, sqlState } from "~/features/ledger/index.server.ts";
import { recordClientActivity } from "~/features/activity/index.server.ts";
import { formatMoney, todayIso } from "~/lib/format.ts";
import type { AnswerInput } from "./bank.schema.ts";
import type { BankQuestion } from "./bank.types.ts";
import type { Membership } from "~/features/tenancy/tenancy.types.ts";

/*
 * Ask the client: a statement line sent to the organization's owners with the bank's text, date and amount. They see
 * it in their books and answer with an account, a note or both; the answer comes back to the bookkeeper's queue. The
 * owners are mailed about open questions once a day at most (bankQuestionsJob), the mail listing them.
 */

/** Most questions a mail lists; the rest are counted ("and 5 more") and wait in the books. */
export const MAIL_QUESTIONS_LIMIT = 20;
/** Longest bank text a mail repeats for one line. */
const MAIL_TEXT_MAX = 200;

const personName = (alias: string) =>
  sql.raw(`coalesce(nullif(btrim(coalesce(${alias}.first_name, '') || ' ' || coalesce(${alias}.last_name, '')), ''), ${alias}.email)`);

const columns = sql`q.id, q.bank_line_id, b.bank_account_id, ba.name as bank_account, b.booked_on::text as date, b.amount::text,
  ba.currency, b.description, q.question, ${personName("asker")} as asked_by, q.asked_at::text, q.answer_account_id,
  case when a.id is null then null else a.account_code || ' · ' || a.account_name end as answer_account, q.answer_note,
  ${personName("answerer")} as answered_by, q.answered_at::text, (b.match_id is not null or b.excluded_at is not null) as settled`;

const from = sql`bank_questions q join bank_lines b on b.id = q.bank_line_id join bank_accounts ba on ba.id = b.bank_account_id
  left join users asker on asker.id = q.asked_by left join users answerer on answerer.id = q.answered_by
  left join chart_of_accounts a on a.id = q.answer_account_id`;

const shape = (q: BankQuestion): BankQuestion => ({
  ...q,
  id: Number(q.id),
  bank_line_id: Number(q.bank_line_id),
  bank_account_id: Number(q.bank_account_id),
  answer_account_id: q.answer_account_id === null ? null : Number(q.answer_account_id),
});

/** The organization's questions: the open ones first (oldest first), then the answered ones, newest answer first. */
export async function listQuestions(db: Db, m: Membership, lineIds?: number[]): Promise<BankQuestion[]> {
  const rows = await queryRows<BankQuestion>(
    db,
    sql`select ${columns} from ${from}
         where q.organization_id = ${m.organizationId}
         ${lineIds ? sql`and q.bank_line_id = any(${pgArray(lineIds)}::bigint[])` : sql``}
         order by q.answered_at is not null, q.answered_at desc, q.asked_at, q.id
         limit 500`,
  );
  return rows.map(shape);
}

export async function askClient(
  db: Db,
  m: Membership,
  actor: AuditActor,
  bankId: number,
  lineId: number,
  question: string | undefined,
): Promise<BankQuestion> {
  return db.transaction(async (tx) => {
    const [line] = await queryRows<{ match_id: number | null; excluded: boolean }>(
      tx,
      sql`select match_id, excluded_at is not null as excluded from bank_lines
           where organization_id = ${m.organizationId} and bank_account_id = ${bankId} and id = ${lineId}`,
    );
    if (!line) throw notFound("Statement line");
    if (line.match_id !== null) throw conflict("This line is matched already");
    if (line.excluded) throw conflict("This line is excluded: bring it back first");
    let id: number;
    try {
      const [row] = await queryRows<{ id: number }>(
        tx,
        sql`insert into bank_questions (organization_id, bank_line_id, question, asked_by)
            values (${m.organizationId}, ${lineId}, ${question || null}, ${m.userId}) returning id`,
      );
      id = Number(row!.id);
    } catch (err) {
      if (sqlState(err) === "23505") throw conflict("The client was asked about this line already");
      throw err;
    }
    await recordAudit(tx, actor, {
      action: "bank_question.asked",
      targetType: "bank_line",
      targetId: lineId,
      after: { question_id: id, question: question ?? null },
    });
    const [q] = await queryRows<BankQuestion>(tx, sql`select ${columns} from ${from} where q.id = ${id}`);
    return shape(q!);
  });
}

/**
 * The owner's answer (its route asks for "books.questions.answer"): an account of the chart, a note, or both. Answering
 * again replaces the answer.
 */
export async function answerQuestion(db: Db, m: Membership, actor: AuditActor, id: number, input: AnswerInput): Promise<BankQuestion> {
  return db.transaction(async (tx) => {
    if (input.account_id) {
      const [a] = await queryRows(
        tx,
        sql`select 1 from chart_of_accounts where organization_id = ${m.organizationId} and id = ${input.account_id} and is_active`,
      );
      if (!a) throw notFound("Account");
    }
    const rows = await queryRows<{ id: number }>(
      tx,
      sql`update bank_questions set answer_account_id = ${input.account_id ?? null}, answer_note = ${input.note || null},
                 answered_by = ${m.userId}, answered_at = now()
           where organization_id = ${m.organizationId} and id = ${id} returning id`,
    );
    if (rows.length === 0) throw notFound("Question");
    await recordAudit(tx, actor, { action: "bank_question.answered", targetType: "bank_question", targetId: id, after: { ...input } });
    const [q] = await queryRows<BankQuestion>(tx, sql`select ${columns} from ${from} where q.id = ${id}`);
    // The firm hears of a client's answer (decision 115).
    await recordClientActivity(tx, {
      organizationId: m.organizationId,
      actorId: m.userId,
      kind: "question_answered",
      subject: `${q!.date} · ${formatMoney(q!.amount, q!.currency)} · ${q!.description}`,
      link: `/accounting/${m.organizationId}/questions#question-${id}`,
    });
    return shape(q!);
  });
}

interface OpenQuestion {
  date: string;
  amount: string;
  currency: string;
  description: string;
  payee: string | null;
  question: string | null;
}

const clip = (text: string) => (text.length > MAIL_TEXT_MAX ? `${text.slice(0, MAIL_TEXT_MAX - 1)}…` : text);

/** The organization's open questions (on lines not matched since), oldest line first, as many as a mail lists. */
async function openQuestions(db: Db, organizationId: number): Promise<OpenQuestion[]> {
  return queryRows<OpenQuestion>(
    db,
    sql`select b.booked_on::text as date, b.amount::text, ba.currency, b.description, b.payee, q.question
          from bank_questions q join bank_lines b on b.id = q.bank_line_id join bank_accounts ba on ba.id = b.bank_account_id
         where q.organization_id = ${organizationId} and q.answered_at is null and b.match_id is null and b.excluded_at is null
         order by b.booked_on, b.id
         limit ${MAIL_QUESTIONS_LIMIT}`,
  );
}

/** A question as a row of the mail: its date and amount, then the bank's text (the payee first) and what was asked. */
function questionRow(q: OpenQuestion): [string, string] {
  const text = clip(q.payee && !q.description.includes(q.payee) ? `${q.payee}: ${q.description}` : q.description);
  return [`${q.date} · ${formatMoney(q.amount, q.currency)}`, q.question ? `${text} (asked: ${clip(q.question)})` : text];
}

/**
 * Mails each client owner of an organization with open questions, once a day at most: the row of
 * bank_question_mails for that day is written in the transaction that queues the mail, so that whichever processes
 * run the job, one mail goes. Returns how many were queued.
 */
export async function mailOpenQuestions(db: Db, publicUrl: string, today: string): Promise<number> {
  const due = await queryRows<{ organization_id: number; name: string; user_id: string; email: string; open: number }>(
    db,
    sql`select o.id as organization_id, o.name, u.id as user_id, u.email, count(distinct q.id)::integer as open
          from bank_questions q
          join organizations o on o.id = q.organization_id
          join organization_memberships om on om.organization_id = o.id and om.role = 'owner'
          join users u on u.id = om.user_id and u.disabled_at is null and not (u.role = any(${pgArray(rolesHolding("books.keepClients"))}::text[]))
         where q.answered_at is null
           and exists (select 1 from bank_lines b where b.id = q.bank_line_id and b.match_id is null and b.excluded_at is null)
           and not exists (select 1 from bank_question_mails x where x.organization_id = o.id and x.user_id = u.id and x.sent_on = ${today}::date)
         group by o.id, o.name, u.id, u.email`,
  );
  let queued = 0;
  const listed = new Map<number, OpenQuestion[]>();
  for (const d of due) {
    await db.transaction(async (tx) => {
      const taken = await queryRows(
        tx,
        sql`insert into bank_question_mails (organization_id, user_id, sent_on) values (${d.organization_id}, ${d.user_id}, ${today}::date)
            on conflict do nothing returning 1`,
      );
      if (taken.length === 0) return;
      const n = Number(d.open);
      const id = Number(d.organization_id);
      if (!listed.has(id)) listed.set(id, await openQuestions(tx, id));
      const questions = listed.get(id)!;
      const more = n - questions.length;
      const { html, text } = renderMail({
        heading: `Your bookkeeper has ${n} question${n === 1 ? "" : "s"} about your bank transactions`,
        paragraphs: [
          `${d.name}: ${n} bank transaction${n === 1 ? " needs" : "s need"} a word from you. Choose the account or write a short note.`,
        ],
        rows: questions.map(questionRow),
        after: more > 0 ? [`and ${more} more in your books`] : [],
        action: { label: "Answer in your books", url: `${publicUrl}/accounting/${d.organization_id}/questions` },
      });
      await enqueueMail(tx, {
        kind: "bank-questions",
        to: d.email,
        subject: `Questions about your bank transactions (${d.name})`,
        html,
        text,
      });
      queued += 1;
    });
  }
  return queued;
}

/** The scheduled job: every process runs it; each mail is queued once (see mailOpenQuestions). */
export async function bankQuestionsJob(db: Db, publicUrl: string, kick: () => void): Promise<void> {
  const queued = await mailOpenQuestions(db, publicUrl, todayIso());
  if (queued > 0) kick();
}
