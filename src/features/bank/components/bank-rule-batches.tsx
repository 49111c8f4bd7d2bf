import { useState } from "react";
import { Button } from "~/ui/button.tsx";
import { ConfirmDialog } from "~/ui/confirm-dialog.tsx";
import type { RuleBatch } from "../bank-rules.types.ts";
import { undoRuleBatch } from "../bank-rules.api.ts";

import { useBooksOrgId, useMoney } from "~/features/ledger/index.ts";
import { useAction } from "~/ui/use-action.ts";

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Where a batch stands: undone, blocked by a reconciliation, or still to be undone. */
function state(b: RuleBatch): string {
  if (b.undone_at) return `Undone by ${b.undone_by ?? "a former member"} on ${b.undone_at.slice(0, 16)}`;
  if (b.reconciled > 0) return `${plural(b.reconciled, "line")} reconciled: undo that reconciliation to undo the batch`;
  return b.reversed > 0 ? `${plural(b.reversed, "entry", "entries")} of it reversed one by one since` : "";
}

/**
 * The batches the rules posted, newest first; one not undone whose lines are not reconciled is undone as one, asked
 * first (its entries reversed on their own dates, its statement lines to match again).
 */
export function BankRuleBatches({ batches, canWrite }: { batches: RuleBatch[]; canWrite: boolean }) {
  const { money } = useMoney();
  const orgId = useBooksOrgId();
  const { act } = useAction();
  const [undoing, setUndoing] = useState<RuleBatch | null>(null);
  if (batches.length === 0) return null;

  async function undo(b: RuleBatch): Promise<boolean> {
    const res = await act(() => undoRuleBatch(orgId, b.id), {
      failure: "Batch not undone",
      success: ({ reversed }) => `Batch undone: ${plural(reversed, "entry", "entries")} reversed`,
      description: "Its statement lines are to match again.",
    });
    return res.ok;
  }

  return (
    <section aria-labelledby="rule-batches-heading" className="space-y-2">
      <h3 id="rule-batches-heading" className="text-lg font-semibold text-ink">
        Posted by rules
      </h3>
      <ul className="space-y-2" aria-label="Batches posted by rules">
        {batches.map((b) => (
          <li key={b.id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 p-3 text-sm">
            <span className="min-w-0 text-ink">
              <strong>{b.created_at.slice(0, 16)}</strong> by {b.created_by ?? "a former member"}: {plural(b.entries, "line")} of{" "}
              {b.bank_account} ({money(b.money_in)} in, {money(b.money_out)} out)
              {state(b) ? <span className="block text-muted">{state(b)}</span> : null}
            </span>
            {canWrite && !b.undone_at && b.reconciled === 0 ? (
              <Button size="sm" variant="secondary" onClick={() => setUndoing(b)}>
                Undo this batch
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={undoing !== null}
        onOpenChange={(o) => !o && setUndoing(null)}
        title={undoing ? `Undo the batch posted ${undoing.created_at.slice(0, 16)}?` : "Undo the batch?"}
        description={
          undoing
            ? `The ${plural(undoing.entries - undoing.reversed, "entry", "entries")} it posted on ${undoing.bank_account} are reversed on their own dates.`
            : ""
        }
        confirmLabel="Undo this batch"
        busyLabel="Undoing..."
        variant="danger"
        onConfirm={() => (undoing ? undo(undoing) : false)}
      >
        <p className="text-sm text-ink">The journal keeps each entry and its reversal; the statement lines are to match again.</p>
      </ConfirmDialog>
    </section>
  );
}
