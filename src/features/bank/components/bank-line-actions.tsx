import type { ReactNode } from "react";
import { Button } from "~/ui/button.tsx";
import type { BankLine } from "../bank.types.ts";
import { BankLineOpenItems } from "./bank-line-open-items.tsx";

export type BankLineAction =
  "accept" | "reject" | "categorize" | "match" | "undo" | "rule" | "ask" | "answer" | "documents" | "exclude" | "restore";

/**
 * What can be done with a statement line: undo its match (unless reconciled); for a line to match, accept or reject the
 * suggestion, post it as its rule or the client's answer says, categorize, match by hand, ask the client, or exclude it;
 * for an excluded line, bring it back.
 */
export function BankLineActions({ line, busy, onAction }: { line: BankLine; busy: boolean; onAction: (action: BankLineAction) => void }) {
  const s = line.suggestion;
  const q = line.question;
  const act = (action: BankLineAction, label: string, text: ReactNode, variant?: "secondary" | "ghost") => (
    <Button key={action} size="sm" variant={variant} disabled={busy} onClick={() => onAction(action)} aria-label={label}>
      {text}
    </Button>
  );
  if (line.excluded) return act("restore", `Bring back ${line.description}`, "Bring back", "secondary");
  if (line.match_id !== null) return line.reconciled ? null : act("undo", `Undo the match of ${line.description}`, "Undo", "ghost");
  return (
    <>
      {s ? act("accept", `Accept ${s.entry_number} for ${line.description}`, "Accept") : null}
      {s ? act("reject", `Reject ${s.entry_number} for ${line.description}`, "Reject", "ghost") : null}
      {line.rule && !s ? act("rule", `Post ${line.description} to ${line.rule.account_name}`, "Post") : null}
      {q?.answer_account_id ? act("answer", `Post ${line.description} as the client answered`, "Post as answered") : null}
      <BankLineOpenItems line={line} busy={busy} />
      {act("categorize", `Categorize ${line.description}`, "Categorize", "secondary")}
      {act("match", `Match ${line.description} by hand`, "Match…", "ghost")}
      {q ? null : act("ask", `Ask the client about ${line.description}`, "Ask client", "ghost")}
      {act("exclude", `Exclude ${line.description}`, "Exclude…", "ghost")}
    </>
  );
}
