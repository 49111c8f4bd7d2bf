import { Hono, type Context } from "hono";
import { z } from "zod";
import { idParam } from "~/lib/schema-fields.ts";
import { auditActor } from "~/server/audit.server.ts";
import { clientIp } from "~/server/client-ip.ts";
import type { AppContext } from "~/server/context.ts";
import { parseJson, parseParams, parseQuery } from "~/server/http/parse.ts";
import {
  answerSchema,
  askSchema,
  bankRuleSchema,
  ruleMoveSchema,
  bankAccountSchema,
  bankLinesQuerySchema,
  categorizeSchema,
  clearSchema,
  matchSchema,
  reconcileSchema,
  reconciliationQuerySchema,
  rejectSchema,
  statementQuerySchema,
} from "./bank.schema.ts";
import { createBankAccount, getBankAccount, listBankAccounts, updateBankAccount } from "./bank-accounts.server.ts";
import { importStatement, previewStatement } from "./bank-import.server.ts";
import { listBankLines } from "./bank-lines.server.ts";
import { categorizeLines, clearLedgerLines, matchLines, undoMatch } from "./bank-matching.server.ts";
import { matchCandidates, rejectSuggestion } from "./bank-suggestions.server.ts";
import { finishReconciliation, reconciliationView, undoReconciliation } from "./bank-reconcile.server.ts";
import { reconciliationCsv, reconciliationPdf, reconciliationReport } from "./bank-report.server.ts";
import { answerQuestion, askClient, listQuestions } from "./bank-questions.server.ts";
import { applyRules, createRule, deleteRule, listRules, moveRule, testRule, updateRule } from "./bank-rules.server.ts";
import { booksMember, type BooksMemberEnv } from "./books-member.server.ts";
import { assertCanWrite } from "./organizations.server.ts";
import type {
  BankAccountAnswer,
  BankQuestionAnswer,
  BankRuleAnswer,
  BankRuleDeleted,
  BankRulesAnswer,
  BankUndone,
  CandidatesAnswer,
  LinesCategorized,
  MatchMade,
  ReconciliationFinished,
  RulesApplied,
  SuggestionRejected,
} from "./bank.types.ts";

const bankParams = z.object({ orgId: idParam(), bankId: idParam() });
const matchParams = bankParams.extend({ matchId: idParam() });
const ruleParams = z.object({ orgId: idParam(), ruleId: idParam() });
const questionParams = z.object({ orgId: idParam(), questionId: idParam() });
const lineParams = bankParams.extend({ lineId: idParam({ max: Number.MAX_SAFE_INTEGER }) });
const reconciliationParams = bankParams.extend({ reconciliationId: idParam() });

const today = () => new Date().toISOString().slice(0, 10);

/**
 * Bank accounts, statements, matching and reconciliation of one organization's books, under /api/bank/:orgId
 * (decision 092). Members read; owners and accountants change. A statement file is the request body (up to 20 MB),
 * how to read it the query string. A caller who is not a member gets 404.
 */
export function bankRoutes(ctx: AppContext) {
  const { db } = ctx;
  const r = new Hono<BooksMemberEnv>();
  r.use("/:orgId/*", booksMember(db));
  const actor = (c: Context<BooksMemberEnv>) => auditActor(c.get("user"), clientIp(c, ctx.config.trustedProxyHeader));
  const writer = (c: Context<BooksMemberEnv>) => {
    assertCanWrite(c.get("membership"));
    return c.get("membership");
  };
  const bank = (c: Context<BooksMemberEnv>) => parseParams(c, bankParams).bankId;

  r.get("/:orgId/accounts", async (c) => c.json({ accounts: await listBankAccounts(db, c.get("membership")) }));
  r.post("/:orgId/accounts", async (c) => {
    const m = writer(c);
    const input = await parseJson(c, bankAccountSchema);
    return c.json({ account: await createBankAccount(db, m, actor(c), input) } satisfies BankAccountAnswer, 201);
  });
  r.get("/:orgId/accounts/:bankId", async (c) => c.json({ account: await getBankAccount(db, c.get("membership"), bank(c)) }));
  r.put("/:orgId/accounts/:bankId", async (c) => {
    const m = writer(c);
    const input = await parseJson(c, bankAccountSchema);
    return c.json({ account: await updateBankAccount(db, m, actor(c), bank(c), input) } satisfies BankAccountAnswer);
  });

  r.post("/:orgId/accounts/:bankId/statements/preview", async (c) => {
    const m = writer(c);
    const q = parseQuery(c, statementQuerySchema);
    return c.json(await previewStatement(db, m, bank(c), c.req.raw.body, q));
  });
  r.post("/:orgId/accounts/:bankId/statements", async (c) => {
    const m = writer(c);
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
  r.post("/:orgId/accounts/:bankId/matches", async (c) => {
    const m = writer(c);
    const input = await parseJson(c, matchSchema);
    return c.json((await matchLines(db, m, bank(c), input)) satisfies MatchMade, 201);
  });
  r.delete("/:orgId/accounts/:bankId/matches/:matchId", async (c) => {
    const m = writer(c);
    const { bankId, matchId } = parseParams(c, matchParams);
    await undoMatch(db, m, bankId, matchId);
    return c.json({ undone: true } satisfies BankUndone);
  });
  r.post("/:orgId/accounts/:bankId/cleared", async (c) => {
    const m = writer(c);
    const { ledger_line_ids } = await parseJson(c, clearSchema);
    return c.json((await clearLedgerLines(db, m, bank(c), ledger_line_ids)) satisfies MatchMade, 201);
  });
  r.post("/:orgId/accounts/:bankId/categorize", async (c) => {
    const m = writer(c);
    const input = await parseJson(c, categorizeSchema);
    return c.json((await categorizeLines(db, m, bank(c), input)) satisfies LinesCategorized, 201);
  });
  r.post("/:orgId/accounts/:bankId/rejections", async (c) => {
    const m = writer(c);
    const input = await parseJson(c, rejectSchema);
    await rejectSuggestion(db, m, bank(c), input.bank_line_id, input.ledger_line_id);
    return c.json({ rejected: true } satisfies SuggestionRejected);
  });

  r.get("/:orgId/accounts/:bankId/reconciliation", async (c) => {
    const { date } = parseQuery(c, reconciliationQuerySchema);
    return c.json(await reconciliationView(db, c.get("membership"), bank(c), date ?? today()));
  });
  r.post("/:orgId/accounts/:bankId/reconciliations", async (c) => {
    const m = writer(c);
    const input = await parseJson(c, reconcileSchema);
    return c.json({ reconciliation: await finishReconciliation(db, m, actor(c), bank(c), input) } satisfies ReconciliationFinished, 201);
  });
  const report = async (c: Context<BooksMemberEnv>) => {
    const { bankId, reconciliationId } = parseParams(c, reconciliationParams);
    return reconciliationReport(db, c.get("membership"), bankId, reconciliationId);
  };
  const attachment = (name: string, type: string) => ({
    "Content-Type": type,
    "Content-Disposition": `attachment; filename="${name}"`,
    "X-Content-Type-Options": "nosniff",
  });
  r.get("/:orgId/accounts/:bankId/reconciliations/:reconciliationId/report.pdf", async (c) => {
    const rep = await report(c);
    const name = `reconciliation-${rep.record.statement_date}.pdf`;
    return c.body(new Uint8Array(await reconciliationPdf(rep)), 200, attachment(name, "application/pdf"));
  });
  r.get("/:orgId/accounts/:bankId/reconciliations/:reconciliationId/report.csv", async (c) => {
    const rep = await report(c);
    return c.body(reconciliationCsv(rep), 200, attachment(`reconciliation-${rep.record.statement_date}.csv`, "text/csv; charset=utf-8"));
  });
  r.post("/:orgId/accounts/:bankId/reconciliations/:reconciliationId/undo", async (c) => {
    const m = writer(c);
    const { bankId, reconciliationId } = parseParams(c, reconciliationParams);
    await undoReconciliation(db, m, actor(c), bankId, reconciliationId);
    return c.json({ undone: true } satisfies BankUndone);
  });

  r.get("/:orgId/rules", async (c) => c.json({ rules: await listRules(db, c.get("membership")) }));
  r.post("/:orgId/rules", async (c) => {
    const m = writer(c);
    const input = await parseJson(c, bankRuleSchema);
    return c.json({ rule: await createRule(db, m, actor(c), input) } satisfies BankRuleAnswer, 201);
  });
  r.post("/:orgId/rules/test", async (c) => {
    const m = writer(c);
    const input = await parseJson(c, bankRuleSchema);
    return c.json(await testRule(db, m, input));
  });
  r.put("/:orgId/rules/:ruleId", async (c) => {
    const m = writer(c);
    const { ruleId } = parseParams(c, ruleParams);
    const input = await parseJson(c, bankRuleSchema);
    return c.json({ rule: await updateRule(db, m, actor(c), ruleId, input) } satisfies BankRuleAnswer);
  });
  r.delete("/:orgId/rules/:ruleId", async (c) => {
    const m = writer(c);
    const { ruleId } = parseParams(c, ruleParams);
    await deleteRule(db, m, actor(c), ruleId);
    return c.json({ deleted: true } satisfies BankRuleDeleted);
  });
  r.post("/:orgId/rules/:ruleId/move", async (c) => {
    const m = writer(c);
    const { ruleId } = parseParams(c, ruleParams);
    const { direction } = await parseJson(c, ruleMoveSchema);
    return c.json({ rules: await moveRule(db, m, ruleId, direction) } satisfies BankRulesAnswer);
  });
  r.post("/:orgId/accounts/:bankId/apply-rules", async (c) => {
    const m = writer(c);
    return c.json((await applyRules(db, m, bank(c))) satisfies RulesApplied);
  });

  r.get("/:orgId/questions", async (c) => c.json({ questions: await listQuestions(db, c.get("membership")) }));
  r.post("/:orgId/accounts/:bankId/questions", async (c) => {
    const m = writer(c);
    const input = await parseJson(c, askSchema);
    return c.json(
      { question: await askClient(db, m, actor(c), bank(c), input.bank_line_id, input.question) } satisfies BankQuestionAnswer,
      201,
    );
  });
  r.post("/:orgId/questions/:questionId/answer", async (c) => {
    const { questionId } = parseParams(c, questionParams);
    const input = await parseJson(c, answerSchema);
    return c.json({ question: await answerQuestion(db, c.get("membership"), actor(c), questionId, input) } satisfies BankQuestionAnswer);
  });
  return r;
}
