import { sql } from "drizzle-orm";
import { queryRows, type Db } from "~/server/db/client.ts";
import { enqueueMail } from "~/server/mail/outbox.server.ts";
import type { SessionUser } from "~/server/context.ts";
import {
  calculate,
  type CalculatorType,
  type RndInputs,
  type RndResults,
  type RoiInputs,
  type RoiResults,
  type SavedSubmission,
} from "./calculators.ts";
import type { SubmissionInput } from "./calculators.schema.ts";
import { analysisDocument, analysisFilename, analysisMail, leadNotificationMail } from "./calculators-mail.server.ts";
import { renderAnalysisPdf } from "./calculators-pdf.server.ts";
import { recordLead } from "~/features/leads/index.server.ts";

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A row of calculator_submissions (migration 0005_calculators.sql). */
export interface SubmissionRow {
  id: string;
  user_id: string | null;
  calculator_type: CalculatorType;
  email: string;
  name: string | null;
  inputs: RoiInputs | RndInputs;
  results: RoiResults | RndResults;
  created_at: string;
}

/** Rows are only written by saveSubmission, so inputs and results have the shape of their calculator type. */
function toSaved(row: SubmissionRow): SavedSubmission {
  const base = { id: row.id, email: row.email, name: row.name, createdAt: new Date(row.created_at).toISOString() };
  return row.calculator_type === "roi"
    ? { ...base, calculatorType: "roi", inputs: row.inputs as RoiInputs, results: row.results as RoiResults }
    : { ...base, calculatorType: "rnd_tax_credit", inputs: row.inputs as RndInputs, results: row.results as RndResults };
}

export interface SaveDeps {
  db: Db;
  publicUrl: string;
  firmEmail: string;
}

/** The name the analysis greets: the account's own (first and last name, else its display name), or none. */
function accountName(user: SessionUser): string | null {
  const full = [user.firstName, user.lastName].filter((p) => p && p.trim()).join(" ");
  return (full || user.name || "").trim().slice(0, 100) || null;
}

/**
 * Stores a submission with results computed here from the inputs, and in the same transaction queues
 * the analysis mail (with its PDF) to the account's own address, greeting the account's name, and the lead
 * notification to the firm. The caller checks the address is verified and wakes the mail worker afterwards.
 */
export async function saveSubmission(deps: SaveDeps, user: SessionUser, submission: SubmissionInput): Promise<SavedSubmission> {
  const input = { ...submission, email: user.email, name: accountName(user) };
  const calc = calculate(
    input.calculatorType === "roi"
      ? { calculatorType: "roi", inputs: input.inputs }
      : { calculatorType: "rnd_tax_credit", inputs: input.inputs },
  );
  const createdAt = new Date();
  const doc = analysisDocument(calc, createdAt, input.name);
  // Rendered before the transaction opens, so no connection is held while the PDF is drawn.
  const pdf = await renderAnalysisPdf(doc);
  return deps.db.transaction(async (tx) => {
    const [row] = await queryRows<SubmissionRow>(
      tx,
      sql`insert into calculator_submissions (user_id, calculator_type, email, name, inputs, results, created_at)
          values (${user.id}, ${calc.calculatorType}, ${input.email}, ${input.name}, ${JSON.stringify(calc.inputs)}::jsonb,
                  ${JSON.stringify(calc.results)}::jsonb, ${createdAt.toISOString()}::timestamptz)
          returning *`,
    );
    await recordLead(tx, {
      kind: "calculator",
      sourceTable: "calculator_submissions",
      sourceId: row!.id,
      name: input.name ?? null,
      email: input.email,
      company: user.companyName ?? null,
      fields: {
        calculatorType: calc.calculatorType,
        ...(input.name ? { name: input.name } : {}),
        email: input.email,
        inputs: calc.inputs,
        results: calc.results,
      },
      createdAt,
    });
    await enqueueMail(tx, [
      analysisMail({
        calc,
        doc,
        to: input.email,
        name: input.name,
        pdf: { filename: analysisFilename(calc, createdAt), contentType: "application/pdf", content: pdf.toString("base64") },
        publicUrl: deps.publicUrl,
        firmEmail: deps.firmEmail,
      }),
      leadNotificationMail({
        calc,
        doc,
        email: input.email,
        name: input.name,
        account: { email: user.email, name: user.name },
        firmEmail: deps.firmEmail,
      }),
    ]);
    return toSaved(row!);
  });
}

/** The user's saved results, newest first. */
export async function listSubmissions(db: Db, userId: string, limit = 50): Promise<SavedSubmission[]> {
  const rows = await queryRows<SubmissionRow>(
    db,
    sql`select * from calculator_submissions where user_id = ${userId} order by created_at desc, id desc limit ${limit}`,
  );
  return rows.map(toSaved);
}

/** One saved result, only when it belongs to the user (otherwise null, as if it did not exist). */
export async function getSubmission(db: Db, userId: string, id: string, type?: CalculatorType): Promise<SavedSubmission | null> {
  if (!UUID_RE.test(id)) return null;
  const [row] = await queryRows<SubmissionRow>(db, sql`select * from calculator_submissions where id = ${id} and user_id = ${userId}`);
  if (!row || (type && row.calculator_type !== type)) return null;
  return toSaved(row);
}
