import { Button } from "~/ui/button.tsx";
import type { BankLine } from "../bank.types.ts";

import { cardRow, cardText, tdClass } from "./ui.tsx";
import { useMoney } from "./books-context.tsx";

export type BankLineAction = "accept" | "reject" | "categorize" | "match" | "undo" | "rule" | "ask" | "answer" | "documents";

const KIND_TEXT = { matched: "Matched to", categorized: "Posted as", cleared: "Cleared" } as const;

/** The payee the file names apart from the bank's text, unless that text already says it; else null. */
export function payeeOf(line: Pick<BankLine, "payee" | "description">): string | null {
  const payee = line.payee?.trim();
  return payee && !line.description.toLowerCase().includes(payee.toLowerCase()) ? payee : null;
}

/** A statement line in one run of text: its date, payee, the bank's text and its amount (`money`: the books' formatter). */
export const lineSummary = (line: BankLine, money: (v: string) => string) =>
  [line.date, payeeOf(line), line.description, money(line.amount)].filter(Boolean).join(" · ");

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
      <td className={`${tdClass} ${cardText} text-right font-medium tabular-nums max-md:col-span-3 max-md:text-left`}>
        {money(line.amount)}
      </td>
      <td className={`${tdClass} ${cardText} max-md:col-span-3`}>
        {line.match_kind ? (
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
        {q && !line.match_kind ? (
          <span className="mt-1 block text-sm">{answered ? `The client answered: ${answered}` : "Asked the client; no answer yet"}</span>
        ) : null}
      </td>
      {canWrite ? (
        <td className={`${tdClass} ${cardText} max-md:col-span-3`}>
          <div className="flex flex-wrap gap-2">
            {line.match_id !== null ? (
              line.reconciled ? null : (
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={busy}
                  onClick={() => onAction("undo")}
                  aria-label={`Undo the match of ${line.description}`}
                >
                  Undo
                </Button>
              )
            ) : (
              <>
                {s ? (
                  <>
                    <Button
                      size="sm"
                      disabled={busy}
                      onClick={() => onAction("accept")}
                      aria-label={`Accept ${s.entry_number} for ${line.description}`}
                    >
                      Accept
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      disabled={busy}
                      onClick={() => onAction("reject")}
                      aria-label={`Reject ${s.entry_number} for ${line.description}`}
                    >
                      Reject
                    </Button>
                  </>
                ) : null}
                {line.rule && !s ? (
                  <Button
                    size="sm"
                    disabled={busy}
                    onClick={() => onAction("rule")}
                    aria-label={`Post ${line.description} to ${line.rule.account_name}`}
                  >
                    Post
                  </Button>
                ) : null}
                {q?.answer_account_id ? (
                  <Button
                    size="sm"
                    disabled={busy}
                    onClick={() => onAction("answer")}
                    aria-label={`Post ${line.description} as the client answered`}
                  >
                    Post as answered
                  </Button>
                ) : null}
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={busy}
                  onClick={() => onAction("categorize")}
                  aria-label={`Categorize ${line.description}`}
                >
                  Categorize
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={busy}
                  onClick={() => onAction("match")}
                  aria-label={`Match ${line.description} by hand`}
                >
                  Match…
                </Button>
                {q ? null : (
                  <Button
                    size="sm"
                    variant="ghost"
                    disabled={busy}
                    onClick={() => onAction("ask")}
                    aria-label={`Ask the client about ${line.description}`}
                  >
                    Ask client
                  </Button>
                )}
              </>
            )}
          </div>
        </td>
      ) : null}
    </tr>
  );
}
