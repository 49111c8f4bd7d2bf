import { request, type ApiResult } from "~/lib/api-client.ts";
import type { BankRuleInput } from "./bank-rules.schema.ts";
import type {
  BankRuleAnswer,
  BankRuleDeleted,
  BankRulesAnswer,
  RuleBatchUndone,
  RulesPosted,
  RulesPreview,
  RuleTest,
} from "./bank-rules.types.ts";

/** Bank rules and the batches they post (/api/bank/:orgId, decisions 092 and 104) as the browser calls them. */

const id = (n: number) => encodeURIComponent(n);
const bank = (orgId: number) => `/api/bank/${id(orgId)}`;

export function createRule(orgId: number, input: BankRuleInput): Promise<ApiResult<BankRuleAnswer>> {
  return request<BankRuleAnswer>(`${bank(orgId)}/rules`, { json: input });
}

export function updateRule(orgId: number, ruleId: number, input: BankRuleInput): Promise<ApiResult<BankRuleAnswer>> {
  return request<BankRuleAnswer>(`${bank(orgId)}/rules/${id(ruleId)}`, { method: "PUT", json: input });
}

/** Which of the unmatched lines a rule would take, before it is saved. */
export function testRule(orgId: number, input: BankRuleInput): Promise<ApiResult<RuleTest>> {
  return request<RuleTest>(`${bank(orgId)}/rules/test`, { json: input });
}

export function moveRule(orgId: number, ruleId: number, direction: "up" | "down"): Promise<ApiResult<BankRulesAnswer>> {
  return request<BankRulesAnswer>(`${bank(orgId)}/rules/${id(ruleId)}/move`, { json: { direction } });
}

export function deleteRule(orgId: number, ruleId: number): Promise<ApiResult<BankRuleDeleted>> {
  return request<BankRuleDeleted>(`${bank(orgId)}/rules/${id(ruleId)}`, { method: "DELETE" });
}

/** What posting the rules' choices on a bank account would post, before it is done. */
export function previewRules(orgId: number, bankId: number): Promise<ApiResult<RulesPreview>> {
  return request<RulesPreview>(`${bank(orgId)}/accounts/${id(bankId)}/apply-rules`);
}

/** Posts what the preview with this fingerprint showed (409 when that changed since). */
export function postRules(orgId: number, bankId: number, fingerprint: string): Promise<ApiResult<RulesPosted>> {
  return request<RulesPosted>(`${bank(orgId)}/accounts/${id(bankId)}/apply-rules?fingerprint=${encodeURIComponent(fingerprint)}`, {
    method: "POST",
  });
}

export function undoRuleBatch(orgId: number, batchId: number): Promise<ApiResult<RuleBatchUndone>> {
  return request<RuleBatchUndone>(`${bank(orgId)}/rule-batches/${id(batchId)}/undo`, { method: "POST" });
}
