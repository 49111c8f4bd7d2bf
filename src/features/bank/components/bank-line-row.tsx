import { Button } from "~/ui/button.tsx";
import type { BankLine } from "../bank.types.ts";

import { cardRow, cardText, tdClass } from "~/ui/table.tsx";
import { useMoney } from "~/features/ledger/index.ts";
import { BankLineActions, type BankLineAction } from "./bank-line-actions.tsx";
import { payeeOf } from "./bank-line-text.ts";

export type { BankLineAction };

const KIND_TEXT = { matched: "Matched to", categorized: "Posted as", cleared: "Cleared" } as const;

/** One statement line: its text and amount, what it is matched to or the suggestion, and what can be done with it. */
export function BankLineRow({
  line,
  canWrite,
  busy,
  onAction,
}: {
  line: BankLine;
  canWrite: boolean;
  busy: boolean;
  onAction: (action: BankLineAction) => void;
}) {
  const { money } = useMoney();
  const s = line.suggestion;
  const q = line.question;
  const answered = q?.answered_at ? [q.answer_account, q.answer_note].filter(Boolean).join(" · ") : null;
  const payee = payeeOf(line);
  return (
    <tr className={cardRow}>
      <td className={`${tdClass} ${cardText} whitespace-nowrap`}>{line.date}</td>
      <td className={`${tdClass} ${cardText} max-md:col-span-2`}>
        {payee ? <span className="block font-medium text-ink">{payee}</span> : null}
        {line.description}
        {line.reference ? <span className="block text-xs text-muted">Ref. {line.reference}</span> : null}
      </td>
      <td className={`${tdClass} ${cardText} text-right font-medium tabular-nums max-md:col-span-3 max-md:text-left md:whitespace-nowrap`}>
        {money(line.amount)}
      </td>
      <td className={`${tdClass} ${cardText} max-md:col-span-3`}>
        {line.excluded ? (
          <span>
            <span className="mr-1 inline-block rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-800">Excluded</span>
            {line.excluded.reason}
            <span className="block text-xs text-muted">
              {line.excluded.by ? `By ${line.excluded.by}, ` : ""}
              {line.excluded.at.slice(0, 10)}; it counts nowhere until brought back.
            </span>
          </span>
        ) : line.match_kind ? (
          <span>
            {KIND_TEXT[line.match_kind]} {line.matched.map((c) => `${c.entry_number} (${c.description})`).join(", ")}
            {line.reconciled ? <span className="ml-1 text-xs font-semibold text-emerald-800">Reconciled</span> : null}
            {line.documents > 0 || canWrite ? (
              <span className="mt-1 block">
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => onAction("documents")}
                  aria-label={`${line.documents > 0 ? `Documents (${line.documents})` : "Attach a receipt"} for ${line.description}`}
                >
                  {line.documents > 0 ? `Documents (${line.documents})` : "Attach receipt"}
                </Button>
              </span>
            ) : null}
          </span>
        ) : s ? (
          <span>
            Suggested: {s.entry_number} · {s.date} · {s.description}
          </span>
        ) : line.rule ? (
          <span>
            Rule “{line.rule.rule_name}”: {line.rule.account_code} · {line.rule.account_name}
          </span>
        ) : (
          <span className="text-muted">No entry in the books has this amount near this date</span>
        )}
        {q && !line.match_kind && !line.excluded ? (
          <span className="mt-1 block text-sm">{answered ? `The client answered: ${answered}` : "Asked the client; no answer yet"}</span>
        ) : null}
      </td>
      {canWrite ? (
        <td className={`${tdClass} ${cardText} max-md:col-span-3`}>
          <div className="flex flex-wrap gap-2">
            <BankLineActions line={line} busy={busy} onAction={onAction} />
          </div>
        </td>
      ) : null}
    </tr>
  );
}
