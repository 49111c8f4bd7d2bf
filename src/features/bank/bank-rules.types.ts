/** Bank rules and the batches they post, as the API answers them (/api/bank/:orgId, decisions 092 and 104). */

export interface BankRule {
  id: number;
  position: number;
  name: string;
  field: "text" | "payee";
  operator: "contains" | "equals" | "matches";
  value: string;
  direction: "any" | "in" | "out";
  amount_min: string | null;
  amount_max: string | null;
  account_id: number;
  account_code: string;
  account_name: string;
  /** The tax code of the entries it posts (the line's amount the gross), and its code; null: none. */
  tax_code_id: number | null;
  tax_code: string | null;
  bank_account_id: number | null;
  /** The description of the entries it posts (null: the bank's text). */
  memo: string | null;
}

/** A rule tried against the lines imported so far, before it is saved. */
export interface RuleTest {
  count: number;
  lines: { id: number; date: string; amount: string; description: string; bank_account: string }[];
}

/** POST /api/bank/:orgId/rules (201), PUT …/rules/:ruleId */
export interface BankRuleAnswer {
  rule: BankRule;
}

/** GET /api/bank/:orgId/rules; POST …/rules/:ruleId/move: the rules in their (new) order. */
export interface BankRulesAnswer {
  rules: BankRule[];
}

/** DELETE …/rules/:ruleId */
export interface BankRuleDeleted {
  deleted: true;
}

/** One account's share of what the rules would post. */
export interface RulesPreviewAccount {
  account_id: number;
  account_code: string;
  account_name: string;
  lines: number;
  /** The statement lines' money in and money out (both 0 or more). */
  money_in: string;
  money_out: string;
}

/** GET …/accounts/:bankId/apply-rules: what posting the rules' choices would post, asked before it is done. */
export interface RulesPreview {
  lines: number;
  money_in: string;
  money_out: string;
  currency: string;
  first_date: string | null;
  last_date: string | null;
  by_account: RulesPreviewAccount[];
  /** Sent back with the post: it is refused (409) when the lines or the rules changed since. */
  fingerprint: string;
}

/** POST …/accounts/:bankId/apply-rules: the batch posted (null when the rules chose nothing). */
export interface RulesPosted {
  batch_id: number | null;
  entries: number;
  money_in: string;
  money_out: string;
}

/** A batch of entries posted by the rules in one go. */
export interface RuleBatch {
  id: number;
  bank_account_id: number;
  bank_account: string;
  currency: string;
  entries: number;
  money_in: string;
  money_out: string;
  created_by: string | null;
  created_at: string;
  undone_by: string | null;
  undone_at: string | null;
  /** Its statement lines in a finished reconciliation: while there are any, it cannot be undone. */
  reconciled: number;
  /** Its entries reversed one by one since (their lines undone on the bank account's page). */
  reversed: number;
}

/** GET /api/bank/:orgId/rule-batches: the newest batches first. */
export interface RuleBatchesAnswer {
  batches: RuleBatch[];
}

/** POST /api/bank/:orgId/rule-batches/:batchId/undo: the batch, undone, and how many entries were reversed. */
export interface RuleBatchUndone {
  batch: RuleBatch;
  reversed: number;
}
