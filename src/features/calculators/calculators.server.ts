import { and, desc, eq } from "drizzle-orm";
import type { Db } from "~/server/db/client.ts";
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
import { calculatorSubmissions } from "./calculators.tables.ts";
import { analysisDocument, analysisFilename, analysisMail, leadNotificationMail } from "./calculators-mail.server.ts";
import { renderAnalysisPdf } from "./calculators-pdf.server.ts";
import { recordLead } from "~/features/leads/index.ts";

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Row = typeof calculatorSubmissions.$inferSelect;

/** Rows are only written by saveSubmission, so inputs and results have the shape of their calculator type. */
function toSaved(row: Row): SavedSubmission {
  const base = { id: row.id, email: row.email, name: row.name, createdAt: row.createdAt.toISOString() };
  return row.calculatorType === "roi"
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
    const [row] = await tx
      .insert(calculatorSubmissions)
      .values({
        userId: user.id,
        calculatorType: calc.calculatorType,
        email: input.email,
        name: input.name,
        inputs: calc.inputs,
        results: calc.results,
        createdAt,
      })
      .returning();
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
  const rows = await db
    .select()
    .from(calculatorSubmissions)
    .where(eq(calculatorSubmissions.userId, userId))
    .orderBy(desc(calculatorSubmissions.createdAt), desc(calculatorSubmissions.id))
    .limit(limit);
  return rows.map(toSaved);
}

/** One saved result, only when it belongs to the user (otherwise null, as if it did not exist). */
export async function getSubmission(db: Db, userId: string, id: string, type?: CalculatorType): Promise<SavedSubmission | null> {
  if (!UUID_RE.test(id)) return null;
  const [row] = await db
    .select()
    .from(calculatorSubmissions)
    .where(and(eq(calculatorSubmissions.id, id), eq(calculatorSubmissions.userId, userId)));
  if (!row || (type && row.calculatorType !== type)) return null;
  return toSaved(row);
}
