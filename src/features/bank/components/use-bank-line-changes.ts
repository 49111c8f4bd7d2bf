import { useState } from "react";
import type { ApiResult } from "~/lib/api-client.ts";
import { useAction } from "~/ui/use-action.ts";
import type { BankLine } from "../bank.types.ts";
import { categorizeLines, matchLines, rejectSuggestion, restoreLine, undoMatch } from "../bank.api.ts";
import type { BankLineAction } from "./bank-line-actions.tsx";

/** The actions of a line that open a dialog about it. */
export type BankLineDialogKind = "categorize" | "split" | "match" | "ask" | "exclude" | "documents";
const DIALOGS: readonly BankLineAction[] = ["categorize", "match", "ask", "exclude", "documents"];

/** A refused change: the text a dialog shows (the first field's, else the message) and the fields the server named. */
export interface LineFailure {
  text: string;
  fields: Record<string, string>;
}

/** Posts a line's change: its failure, or null once done. */
export type WriteLine = (
  line: BankLine,
  call: () => Promise<ApiResult<unknown>>,
  failure: string,
  success: string,
) => Promise<LineFailure | null>;

/** A line posted as its rule proposes gets the rule's memo as the entry's description. */
const ruleMemo = (line: BankLine, action: BankLineAction) => (action === "rule" ? (line.rule?.memo ?? undefined) : undefined);
const about = (line: BankLine) => `${line.date} · ${line.description}`;

/**
 * What the bank account's lines do: an action on a line either opens its dialog (`dialog`) or changes it at once
 * (accept or reject the suggestion, post as the rule or the client's answer says, undo the match, bring it back).
 * Every change goes through one `useAction`: `pending` while it runs, `busyLine` the line whose buttons wait.
 */
export function useBankLineChanges(orgId: number, bankId: number) {
  const { act, pending } = useAction();
  /** The line of the latest change: it counts only while that change is pending. */
  const [lineId, setLineId] = useState<number | null>(null);
  const [dialog, setDialog] = useState<{ kind: BankLineDialogKind; line: BankLine } | null>(null);

  async function run(id: number, call: () => Promise<ApiResult<unknown>>, failure: string, success: string, description?: string) {
    setLineId(id);
    const res = await act(call, { failure, success, description });
    return res.ok ? null : { text: Object.values(res.fields)[0] ?? res.message, fields: res.fields };
  }
  const write: WriteLine = (line, call, failure, success) => run(line.id, call, failure, success, about(line));

  function onAction(line: BankLine, action: BankLineAction) {
    const s = line.suggestion;
    if (DIALOGS.includes(action)) return setDialog({ kind: action as BankLineDialogKind, line });
    if (action === "restore")
      return write(line, () => restoreLine(orgId, bankId, line.id), "Not brought back", "Line brought back: it counts again");
    if (action === "accept" && s)
      return write(
        line,
        () => matchLines(orgId, bankId, { bank_line_ids: [line.id], ledger_line_ids: [s.ledger_line_id] }),
        "Not matched",
        `Matched to ${s.entry_number}`,
      );
    if (action === "reject" && s)
      return write(
        line,
        () => rejectSuggestion(orgId, bankId, { bank_line_id: line.id, ledger_line_id: s.ledger_line_id }),
        "Not changed",
        "Suggestion rejected",
      );
    const accountId = action === "rule" ? line.rule?.account_id : action === "answer" ? line.question?.answer_account_id : null;
    if (accountId)
      return write(
        line,
        () =>
          categorizeLines(orgId, bankId, {
            bank_line_ids: [line.id],
            account_id: accountId,
            tax_code_id: action === "rule" ? (line.rule?.tax_code_id ?? null) : null,
            description: ruleMemo(line, action),
          }),
        "Not posted",
        action === "rule" ? `Posted to ${line.rule!.account_name}` : "Posted as the client answered",
      );
    const matchId = line.match_id;
    if (action === "undo" && matchId !== null)
      return run(line.id, () => undoMatch(orgId, bankId, matchId), "Match not undone", "Match undone", `${about(line)} is to match again.`);
  }

  return {
    pending,
    busyLine: pending ? lineId : null,
    write,
    onAction,
    dialog,
    openDialog: (kind: BankLineDialogKind, line: BankLine) => setDialog({ kind, line }),
    closeDialog: () => setDialog(null),
  };
}
