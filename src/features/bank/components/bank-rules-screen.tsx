import { useState } from "react";
import { Button } from "~/ui/button.tsx";
import type { ApiResult } from "~/lib/api-client.ts";
import type { BankRuleInput } from "../bank-rules.schema.ts";
import type { BankAccount } from "../bank.types.ts";
import type { BankRule, RuleBatch } from "../bank-rules.types.ts";
import { createRule, deleteRule, moveRule, updateRule } from "../bank-rules.api.ts";
import { booksPath, useBooks } from "~/features/ledger/index.ts";
import { BankRuleBatches } from "./bank-rule-batches.tsx";
import { BankRuleForm } from "./bank-rule-form.tsx";
import { BankSectionHead } from "./bank-section-head.tsx";
import { useTaxCodes } from "./tax-code-select.tsx";
import { useAction } from "~/ui/use-action.ts";

const OPERATOR_TEXT = { contains: "contains", equals: "is", matches: "matches" } as const;
const DIRECTION_TEXT = { any: "", in: ", money in", out: ", money out" } as const;

function describe(r: BankRule, bankAccounts: BankAccount[]): string {
  const where = r.field === "payee" ? "The payee" : "The bank's text";
  const range = r.amount_min || r.amount_max ? `, amount ${r.amount_min ?? "0.00"} to ${r.amount_max ?? "any"}` : "";
  const bank = r.bank_account_id ? `, on ${bankAccounts.find((b) => b.id === r.bank_account_id)?.name ?? "one account"}` : "";
  return `${where} ${OPERATOR_TEXT[r.operator]} “${r.value}”${DIRECTION_TEXT[r.direction]}${range}${bank}`;
}

/**
 * Bank rules (/accounting/:orgId/bank-rules): in order, the first rule that fits a statement line proposes its account
 * (its tax code and its memo); the bank account's page posts what they propose, as a batch listed here to be undone. Those who
 * hold "books.rules" add, try, edit, reorder and delete rules, and undo a batch.
 */
export function BankRulesScreen({
  rules,
  bankAccounts,
  batches,
}: {
  rules: BankRule[];
  bankAccounts: BankAccount[];
  batches: RuleBatch[];
}) {
  const { organization, accounts, can } = useBooks();
  const canWrite = can["books.rules"];
  const orgId = organization.id;
  const [editing, setEditing] = useState<number | null>(null);

  const { act } = useAction();
  const send = async (call: () => Promise<ApiResult<unknown>>, failure: string, success: string) => {
    const res = await act(call, { failure, success });
    return res.ok ? null : res.fields;
  };
  const saveEdit = async (r: BankRule, values: BankRuleInput) => {
    const fields = await send(() => updateRule(orgId, r.id, values), "Rule not saved", "Rule saved");
    if (!fields) setEditing(null);
    return fields;
  };
  const taxCodes = useTaxCodes(canWrite ? orgId : null);
  const formProps = { orgId, accounts, bankAccounts, taxCodes };

  return (
    <div className="space-y-6">
      <BankSectionHead back={booksPath(organization.id, "bank")} backText="Bank accounts" title="Bank rules">
        <p className="mt-1 max-w-3xl text-sm text-muted">The first rule that fits a statement line proposes the account to post it to.</p>
      </BankSectionHead>
      {rules.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-8 text-center text-muted">No rules yet.</p>
      ) : (
        <ol className="space-y-2" aria-label="Rules, in the order they are tried">
          {rules.map((r, i) =>
            editing === r.id ? (
              <li key={r.id}>
                <BankRuleForm {...formProps} rule={r} onSubmit={(values) => saveEdit(r, values)} onCancel={() => setEditing(null)} />
              </li>
            ) : (
              <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 p-3">
                <span className="min-w-0 text-sm text-ink">
                  <strong>
                    {i + 1}. {r.name}
                  </strong>
                  : {describe(r, bankAccounts)} → {r.account_code} · {r.account_name}
                  {r.tax_code ? `, tax code ${r.tax_code}` : ""}
                  {r.memo ? <span className="block text-muted">Memo: {r.memo}</span> : null}
                </span>
                {canWrite ? (
                  <span className="flex flex-wrap gap-1">
                    <Button size="sm" variant="secondary" aria-label={`Edit ${r.name}`} onClick={() => setEditing(r.id)}>
                      Edit
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      disabled={i === 0}
                      aria-label={`Move ${r.name} up`}
                      onClick={() => send(() => moveRule(orgId, r.id, "up"), "Not moved", "Rule moved up")}
                    >
                      Up
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      disabled={i === rules.length - 1}
                      aria-label={`Move ${r.name} down`}
                      onClick={() => send(() => moveRule(orgId, r.id, "down"), "Not moved", "Rule moved down")}
                    >
                      Down
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={`Delete ${r.name}`}
                      onClick={() => send(() => deleteRule(orgId, r.id), "Not deleted", "Rule deleted")}
                    >
                      Delete
                    </Button>
                  </span>
                ) : null}
              </li>
            ),
          )}
        </ol>
      )}
      {canWrite && editing === null ? (
        <BankRuleForm {...formProps} onSubmit={(values) => send(() => createRule(orgId, values), "Rule not saved", "Rule saved")} />
      ) : null}
      <BankRuleBatches batches={batches} canWrite={canWrite} />
    </div>
  );
}
