import type { ReconciliationStart } from "../bank.types.ts";

/**
 * Where a reconciliation starts: the opening balance the account's first statement states, with what the books bring
 * forward to that day in it; a difference between the two is said, with what to do. Without a stated opening it
 * starts from zero and what the books held before the first statement is marked cleared by hand.
 */
export function ReconcileStart({ start, money }: { start: ReconciliationStart | null; money: (amount: string) => string }) {
  if (!start)
    return (
      <p className="text-sm text-muted">
        No imported statement states an opening balance: the reconciliation starts from {money("0.00")}. Mark cleared what the books held
        before the first statement.
      </p>
    );
  const off = start.difference !== "0.00";
  return (
    <div className="space-y-2 text-sm">
      <p className="text-ink">
        Starts from the opening balance <span className="font-semibold tabular-nums">{money(start.balance)}</span> that {start.file_name}{" "}
        states for {start.date}.
        {off ? null : ` What the books hold up to that day (${money(start.books)}) is in it: nothing to mark cleared.`}
      </p>
      {off ? (
        <p className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-amber-900">
          The books bring forward {money(start.books)} to {start.date}; the statement opens at {money(start.balance)} (difference{" "}
          {money(start.difference)}). Post the opening balance, or match the items still outstanding at the start.
        </p>
      ) : null}
    </div>
  );
}
