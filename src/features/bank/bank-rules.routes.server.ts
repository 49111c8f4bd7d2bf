import { Hono, type Context } from "hono";
import { z } from "zod";
import { idParam } from "~/lib/schema-fields.ts";
import { auditActor } from "~/server/audit.server.ts";
import { clientIp } from "~/server/client-ip.ts";
import type { AppContext } from "~/server/context.ts";
import { parseJson, parseParams, parseQuery } from "~/server/http/parse.ts";
import { bankRuleSchema, ruleMoveSchema, rulesPostQuerySchema } from "./bank-rules.schema.ts";
import type {
  BankRuleAnswer,
  BankRuleDeleted,
  BankRulesAnswer,
  RuleBatchesAnswer,
  RuleBatchUndone,
  RulesPosted,
  RulesPreview,
} from "./bank-rules.types.ts";
import { createRule, deleteRule, listRules, moveRule, testRule, updateRule } from "./bank-rules.server.ts";
import { listRuleBatches, postRuleBatch, previewRuleBatch, undoRuleBatch } from "./bank-rules-batches.server.ts";
import type { BooksMemberEnv } from "~/features/tenancy/index.server.ts";
import { requireBooks } from "~/features/tenancy/index.server.ts";

const ruleParams = z.object({ orgId: idParam(), ruleId: idParam() });
const bankParams = z.object({ orgId: idParam(), bankId: idParam() });
const batchParams = z.object({ orgId: idParam(), batchId: idParam() });

/**
 * Bank rules and the batches they post, under /api/bank/:orgId (decisions 092 and 104). Mounted by bankRoutes, whose
 * booksMember guard has put the caller's membership in the context. Members read the rules and the batches; those
 * who hold "books.rules" change the rules, see what they would post, post it and undo a batch.
 */
export function bankRulesRoutes(ctx: AppContext) {
  const { db } = ctx;
  const r = new Hono<BooksMemberEnv>();
  const actor = (c: Context<BooksMemberEnv>) => auditActor(c.get("user"), clientIp(c, ctx.config.trustedProxyHeader));
  const rules = requireBooks("books.rules");

  r.get("/:orgId/rules", async (c) => c.json({ rules: await listRules(db, c.get("membership")) } satisfies BankRulesAnswer));
  r.post("/:orgId/rules", rules, async (c) => {
    const m = c.get("membership");
    const input = await parseJson(c, bankRuleSchema);
    return c.json({ rule: await createRule(db, m, actor(c), input) } satisfies BankRuleAnswer, 201);
  });
  r.post("/:orgId/rules/test", rules, async (c) => {
    const m = c.get("membership");
    const input = await parseJson(c, bankRuleSchema);
    return c.json(await testRule(db, m, input));
  });
  r.put("/:orgId/rules/:ruleId", rules, async (c) => {
    const m = c.get("membership");
    const { ruleId } = parseParams(c, ruleParams);
    const input = await parseJson(c, bankRuleSchema);
    return c.json({ rule: await updateRule(db, m, actor(c), ruleId, input) } satisfies BankRuleAnswer);
  });
  r.delete("/:orgId/rules/:ruleId", rules, async (c) => {
    const m = c.get("membership");
    const { ruleId } = parseParams(c, ruleParams);
    await deleteRule(db, m, actor(c), ruleId);
    return c.json({ deleted: true } satisfies BankRuleDeleted);
  });
  r.post("/:orgId/rules/:ruleId/move", rules, async (c) => {
    const m = c.get("membership");
    const { ruleId } = parseParams(c, ruleParams);
    const { direction } = await parseJson(c, ruleMoveSchema);
    return c.json({ rules: await moveRule(db, m, ruleId, direction) } satisfies BankRulesAnswer);
  });

  r.get("/:orgId/accounts/:bankId/apply-rules", rules, async (c) => {
    const m = c.get("membership");
    const { bankId } = parseParams(c, bankParams);
    return c.json((await previewRuleBatch(db, m, bankId)) satisfies RulesPreview);
  });
  r.post("/:orgId/accounts/:bankId/apply-rules", rules, async (c) => {
    const m = c.get("membership");
    const { bankId } = parseParams(c, bankParams);
    const { fingerprint } = parseQuery(c, rulesPostQuerySchema);
    return c.json((await postRuleBatch(db, m, actor(c), bankId, fingerprint)) satisfies RulesPosted);
  });
  r.get("/:orgId/rule-batches", async (c) =>
    c.json({ batches: await listRuleBatches(db, c.get("membership")) } satisfies RuleBatchesAnswer),
  );
  r.post("/:orgId/rule-batches/:batchId/undo", rules, async (c) => {
    const m = c.get("membership");
    const { batchId } = parseParams(c, batchParams);
    return c.json((await undoRuleBatch(db, m, actor(c), batchId)) satisfies RuleBatchUndone);
  });
  return r;
}
