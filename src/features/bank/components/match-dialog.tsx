import { useState } from "react";
import { Button } from "~/ui/button.tsx";
import { CheckboxField } from "~/ui/field.tsx";
import { Modal } from "~/ui/modal.tsx";
import { useLoad } from "~/ui/use-load.ts";
import type { BankLine } from "../bank.types.ts";
import { centsToDecimal, toCents } from "~/lib/money.ts";
import { getMatchCandidates } from "../bank.api.ts";
import { lineSummary } from "./bank-line-text.ts";
import { useMoney } from "~/features/ledger/index.ts";

/**
 * A statement line matched by hand to one or several posted ledger lines of the bank's account, within a month of
 * its date (closest amounts first); Match is offered once the chosen lines add up to the statement line to the cent.
 * `pending` while the account page's action runs.
 */
export function MatchDialog({
  line,
  orgId,
  bankId,
  pending,
  onClose,
  onSubmit,
}: {
  line: BankLine | null;
  orgId: number;
  bankId: number;
  pending: boolean;
  onClose: () => void;
  onSubmit: (line: BankLine, ledgerLineIds: number[]) => Promise<boolean>;
}) {
  const { money } = useMoney();
  const candidates =
    useLoad(
      line ? `${orgId}:${bankId}:${line.id}` : null,
      () => getMatchCandidates(orgId, bankId, line!.id),
      "The ledger lines could not be loaded",
    )?.candidates ?? null;
  const [chosen, setChosen] = useState<number[]>([]);
  const sum = (candidates ?? []).filter((c) => chosen.includes(c.ledger_line_id)).reduce((s, c) => s + toCents(c.amount)!, 0n);
  const target = line ? toCents(line.amount)! : 0n;
  /** Closed, it forgets the lines chosen. */
  const close = () => (setChosen([]), onClose());
  async function submit() {
    if (!line) return;
    if (await onSubmit(line, chosen)) close();
  }
  return (
    <Modal
      open={line !== null}
      onOpenChange={(o) => !o && close()}
      wide
      title="Match by hand"
      description={line ? lineSummary(line, money) : ""}
    >
      {candidates === null ? (
        <p className="text-sm text-muted">Loading…</p>
      ) : candidates.length === 0 ? (
        <p className="text-sm text-muted">No unmatched posted line of this account within a month of this date.</p>
      ) : (
        <fieldset className="space-y-2">
          <legend className="mb-2 text-sm font-medium text-ink">Ledger lines of this account</legend>
          {candidates.map((c) => (
            <CheckboxField
              key={c.ledger_line_id}
              id={`match-${c.ledger_line_id}`}
              label={`${c.entry_number} · ${c.date} · ${c.description} · ${money(c.amount)}`}
              checked={chosen.includes(c.ledger_line_id)}
              onChange={(e) =>
                setChosen((all) => (e.target.checked ? [...all, c.ledger_line_id] : all.filter((id) => id !== c.ledger_line_id)))
              }
            />
          ))}
        </fieldset>
      )}
      <p className="mt-4 text-sm text-ink" aria-live="polite">
        Chosen: {money(centsToDecimal(sum))} of {money(centsToDecimal(target))}
        {chosen.length > 0 && sum !== target ? ` (difference ${money(centsToDecimal(target - sum))})` : ""}
      </p>
      <div className="mt-4 flex gap-2">
        <Button onClick={submit} disabled={pending || chosen.length === 0 || sum !== target}>
          Match
        </Button>
        <Button variant="ghost" onClick={close}>
          Cancel
        </Button>
      </div>
    </Modal>
  );
}
