import { Hono, type Context } from "hono";
import { z } from "zod";
import { idParam } from "~/lib/schema-fields.ts";
import { auditActor } from "~/server/audit.server.ts";
import { clientIp } from "~/server/client-ip.ts";
import type { AppContext } from "~/server/context.ts";
import { parseJson, parseParams, parseQuery } from "~/server/http/parse.ts";
import { cleanFileName } from "~/server/files/stored-files.server.ts";
import {
  answerSchema,
  askSchema,
  bankAccountSchema,
  bankLinesQuerySchema,
  categorizeSchema,
  clearSchema,
  excludeSchema,
  lineDocumentQuerySchema,
  matchSchema,
  reconcileSchema,
  reconciliationQuerySchema,
  rejectSchema,
  splitSchema,
  statementQuerySchema,
} from "./bank.schema.ts";
import { createBankAccount, getBankAccount, listBankAccounts, updateBankAccount } from "./bank-accounts.server.ts";
import { importStatement, previewStatement } from "./bank-import.server.ts";
import { listBankLines } from "./bank-lines.server.ts";
import { excludeLine, restoreLine } from "./bank-exclusions.server.ts";
import { storeLineDocument } from "./bank-line-documents.server.ts";
import { categorizeLines, clearLedgerLines, matchLines, undoMatch } from "./bank-matching.server.ts";
import { splitLine } from "./bank-split.server.ts";
import { matchCandidates, rejectSuggestion } from "./bank-suggestions.server.ts";
import { finishReconciliation, reconciliationView, undoReconciliation } from "./bank-reconcile.server.ts";
import { reconciliationCsv, reconciliationPdf, reconciliationReport } from "./bank-report.server.ts";
import { answerQuestion, askClient, listQuestions } from "./bank-questions.server.ts";
import { mailClientActivityNow } from "~/features/activity/index.server.ts";
import { bankRulesRoutes } from "./bank-rules.routes.server.ts";
import { bankLineOpenItems, settleBankLine } from "./bank-open-items.server.ts";
import { openItemsQuerySchema, settleSchema } from "./bank-open-items.schema.ts";
import type { BankLineOpenItems, BankLineSettled } from "./bank-open-items.types.ts";
import { booksMember, type BooksMemberEnv } from "~/features/tenancy/index.server.ts";
import { requireBooks } from "~/features/tenancy/index.server.ts";
import type {
  BankAccountAnswer,
  BankQuestionAnswer,
  BankUndone,
  CandidatesAnswer,
  LineDocumentAdded,
  LineExcluded,
  LinesCategorized,
  MatchMade,
  ReconciliationFinished,
  SuggestionRejected,
} from "./bank.types.ts";

const bankParams = z.object({ orgId: idParam(), bankId: idParam() });
const matchParams = bankParams.extend({ matchId: idParam() });
const questionParams = z.object({ orgId: idParam(), questionId: idParam() });
const lineParams = bankParams.extend({ lineId: idParam({ max: Number.MAX_SAFE_INTEGER }) });
const reconciliationParams = bankParams.extend({ reconciliationId: idParam() });

/**
 * Bank accounts, statements, matching and reconciliation of one organization's books, under /api/bank/:orgId
 * (decision 092). Members read; each change names its permission (`requireBooks`; a statement's import needs
 * "books.import"). A statement file is the request body (up to 20 MB), how to read it the query string; so is a
 * receipt attached from a statement line to its entry (up to 10 MB). A caller who is not a member gets 404.
 */
export function bankRoutes(ctx: AppContext) {
  const { db } = ctx;
  const r = new Hono<BooksMemberEnv>();
  r.use("/:orgId/*", booksMember(db));
  const actor = (c: Context<BooksMemberEnv>) => auditActor(c.get("user"), clientIp(c, ctx.config.trustedProxyHeader));
  const bank = (c: Context<BooksMemberEnv>) => parseParams(c, bankParams).bankId;

  r.get("/:orgId/accounts", async (c) => c.json({ accounts: await listBankAccounts(db, c.get("membership")) }));
  r.post("/:orgId/accounts", requireBooks("books.write"), async (c) => {
    const m = c.get("membership");
    const input = await parseJson(c, bankAccountSchema);
    return c.json({ account: await createBankAccount(db, m, actor(c), input) } satisfies BankAccountAnswer, 201);
  });
  r.get("/:orgId/accounts/:bankId", async (c) => c.json({ account: await getBankAccount(db, c.get("membership"), bank(c)) }));
  r.put("/:orgId/accounts/:bankId", requireBooks("books.write"), async (c) => {
    const m = c.get("membership");
    const input = await parseJson(c, bankAccountSchema);
    return c.json({ account: await updateBankAccount(db, m, actor(c), bank(c), input) } satisfies BankAccountAnswer);
  });

  r.post("/:orgId/accounts/:bankId/statements/preview", requireBooks("books.import"), async (c) => {
    const m = c.get("membership");
    const q = parseQuery(c, statementQuerySchema);
    return c.json(await previewStatement(db, m, bank(c), c.req.raw.body, q));
  });
  r.post("/:orgId/accounts/:bankId/statements", requireBooks("books.import"), async (c) => {
    const m = c.get("membership");
    const q = parseQuery(c, statementQuerySchema);
    return c.json(await importStatement(db, m, actor(c), bank(c), c.req.raw.body, q));
  });

  r.get("/:orgId/accounts/:bankId/lines", async (c) => {
    const q = parseQuery(c, bankLinesQuerySchema);
    return c.json(await listBankLines(db, c.get("membership"), bank(c), q));
  });
  r.get("/:orgId/accounts/:bankId/lines/:lineId/candidates", async (c) => {
    const { bankId, lineId } = parseParams(c, lineParams);
    return c.json({ candidates: await matchCandidates(db, c.get("membership"), bankId, lineId) } satisfies CandidatesAnswer);
  });
  r.post("/:orgId/accounts/:bankId/lines/:lineId/documents", requireBooks("books.write"), async (c) => {
    const { bankId, lineId } = parseParams(c, lineParams);
    const { entry } = parseQuery(c, lineDocumentQuerySchema);
    const name = cleanFileName(c.req.query("name"));
    const added = await storeLineDocument(db, c.get("membership"), bankId, lineId, entry, name, c.req.raw.body, actor(c));
    return c.json(added satisfies LineDocumentAdded, 201);
  });
  r.post("/:orgId/accounts/:bankId/lines/:lineId/exclude", requireBooks("books.write"), async (c) => {
    const { bankId, lineId } = parseParams(c, lineParams);
    const { reason } = await parseJson(c, excludeSchema);
    return c.json((await excludeLine(db, c.get("membership"), actor(c), bankId, lineId, reason)) satisfies LineExcluded);
  });
  r.post("/:orgId/accounts/:bankId/lines/:lineId/restore", requireBooks("books.write"), async (c) => {
    const { bankId, lineId } = parseParams(c, lineParams);
    return c.json((await restoreLine(db, c.get("membership"), actor(c), bankId, lineId)) satisfies LineExcluded);
  });
  r.post("/:orgId/accounts/:bankId/matches", requireBooks("books.write"), async (c) => {
    const m = c.get("membership");
    const input = await parseJson(c, matchSchema);
    return c.json((await matchLines(db, m, bank(c), input)) satisfies MatchMade, 201);
  });
  r.delete("/:orgId/accounts/:bankId/matches/:matchId", requireBooks("books.write"), async (c) => {
    const m = c.get("membership");
    const { bankId, matchId } = parseParams(c, matchParams);
    await undoMatch(db, m, actor(c), bankId, matchId);
    return c.json({ undone: true } satisfies BankUndone);
  });
  r.post("/:orgId/accounts/:bankId/cleared", requireBooks("books.write"), async (c) => {
    const m = c.get("membership");
    const { ledger_line_ids } = await parseJson(c, clearSchema);
    return c.json((await clearLedgerLines(db, m, bank(c), ledger_line_ids)) satisfies MatchMade, 201);
  });
  r.post("/:orgId/accounts/:bankId/categorize", requireBooks("books.write"), async (c) => {
    const m = c.get("membership");
    const input = await parseJson(c, categorizeSchema);
    return c.json((await categorizeLines(db, m, bank(c), input)) satisfies LinesCategorized, 201);
  });
  r.post("/:orgId/accounts/:bankId/split", requireBooks("books.write"), async (c) => {
    const m = c.get("membership");
    const input = await parseJson(c, splitSchema);
    return c.json((await splitLine(db, m, bank(c), input)) satisfies LinesCategorized, 201);
  });
  r.post("/:orgId/accounts/:bankId/rejections", requireBooks("books.write"), async (c) => {
    const m = c.get("membership");
    const input = await parseJson(c, rejectSchema);
    await rejectSuggestion(db, m, bank(c), input.bank_line_id, input.ledger_line_id);
    return c.json({ rejected: true } satisfies SuggestionRejected);
  });

  r.get("/:orgId/accounts/:bankId/reconciliation", async (c) => {
    const { date } = parseQuery(c, reconciliationQuerySchema);
    return c.json(await reconciliationView(db, c.get("membership"), bank(c), date));
  });
  r.post("/:orgId/accounts/:bankId/reconciliations", requireBooks("books.write"), async (c) => {
    const m = c.get("membership");
    const input = await parseJson(c, reconcileSchema);
    return c.json({ reconciliation: await finishReconciliation(db, m, actor(c), bank(c), input) } satisfies ReconciliationFinished, 201);
  });
  const report = async (c: Context<BooksMemberEnv>, printed = false) => {
    const { bankId, reconciliationId } = parseParams(c, reconciliationParams);
    return reconciliationReport(db, c.get("membership"), bankId, reconciliationId, { printed });
  };
  const attachment = (name: string, type: string) => ({
    "Content-Type": type,
    "Content-Disposition": `attachment; filename="${name}"`,
    "X-Content-Type-Options": "nosniff",
  });
  r.get("/:orgId/accounts/:bankId/reconciliations/:reconciliationId/report.pdf", async (c) => {
    const rep = await report(c, true);
    const name = `reconciliation-${rep.record.statement_date}.pdf`;
    return c.body(reconciliationPdf(rep), 200, attachment(name, "application/pdf"));
  });
  r.get("/:orgId/accounts/:bankId/reconciliations/:reconciliationId/report.csv", async (c) => {
    const rep = await report(c);
    return c.body(reconciliationCsv(rep), 200, attachment(`reconciliation-${rep.record.statement_date}.csv`, "text/csv; charset=utf-8"));
  });
  r.post("/:orgId/accounts/:bankId/reconciliations/:reconciliationId/undo", requireBooks("books.write"), async (c) => {
    const m = c.get("membership");
    const { bankId, reconciliationId } = parseParams(c, reconciliationParams);
    await undoReconciliation(db, m, actor(c), bankId, reconciliationId);
    return c.json({ undone: true } satisfies BankUndone);
  });

  // A statement line settled against customers' and suppliers' open items: one payment, the line matched to it.
  r.get("/:orgId/accounts/:bankId/lines/:lineId/open-items", async (c) => {
    const { bankId, lineId } = parseParams(c, lineParams);
    const q = parseQuery(c, openItemsQuerySchema);
    return c.json((await bankLineOpenItems(db, c.get("membership"), bankId, lineId, q)) satisfies BankLineOpenItems);
  });
  r.post("/:orgId/accounts/:bankId/lines/:lineId/settle", requireBooks("books.write"), requireBooks("books.sales.pay"), async (c) => {
    const { bankId, lineId } = parseParams(c, lineParams);
    const input = await parseJson(c, settleSchema);
    return c.json((await settleBankLine(db, c.get("membership"), bankId, lineId, input)) satisfies BankLineSettled, 201);
  });

  r.route("/", bankRulesRoutes(ctx));

  r.get("/:orgId/questions", async (c) => c.json({ questions: await listQuestions(db, c.get("membership")) }));
  r.post("/:orgId/accounts/:bankId/questions", requireBooks("books.write"), async (c) => {
    const m = c.get("membership");
    const input = await parseJson(c, askSchema);
    return c.json(
      { question: await askClient(db, m, actor(c), bank(c), input.bank_line_id, input.question) } satisfies BankQuestionAnswer,
      201,
    );
  });
  r.post("/:orgId/questions/:questionId/answer", requireBooks("books.questions.answer"), async (c) => {
    const { questionId } = parseParams(c, questionParams);
    const input = await parseJson(c, answerSchema);
    const question = await answerQuestion(db, c.get("membership"), actor(c), questionId, input);
    await mailClientActivityNow(ctx, c.get("membership").organizationId);
    return c.json({ question } satisfies BankQuestionAnswer);
  });
  return r;
}
