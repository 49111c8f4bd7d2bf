import type { AnswerInput } from "../bank.schema.ts";
import type { BankQuestion } from "../bank.types.ts";
import { answerQuestion } from "../bank.api.ts";

import { useBooks, useMoney } from "~/features/ledger/index.ts";
import { QuestionAnswerForm } from "./question-answer-form.tsx";
import { useAction } from "~/ui/use-action.ts";

/**
 * Questions (/accounting/:orgId/questions): bank transactions the bookkeeper asked about. Owners answer each with an
 * account or a note; everyone in the books sees the questions and the answers, open ones first.
 */
export function BankQuestionsScreen({ questions }: { questions: BankQuestion[] }) {
  const { money } = useMoney();
  const { organization, accounts, can } = useBooks();
  const { act } = useAction();
  const answers = can["books.questions.answer"];

  async function answer(q: BankQuestion, input: AnswerInput): Promise<Record<string, string> | null> {
    const res = await act(() => answerQuestion(organization.id, q.id, input), {
      failure: "Answer not sent",
      success: "Answer sent",
      description: "Your bookkeeper sees it with the transaction.",
    });
    return res.ok ? null : res.fields;
  }

  const open = questions.filter((q) => !q.answered_at);
  return (
    <div className="space-y-6">
      <div>
        <h2 className="text-xl font-semibold text-ink">Questions about bank transactions</h2>
        <p className="mt-1 max-w-3xl text-sm text-muted">
          {open.length === 0
            ? "Nothing is waiting for an answer."
            : `${open.length} transaction${open.length === 1 ? " needs" : "s need"} a word from ${answers ? "you" : "the owner"}: the account it belongs to, or a note.`}
        </p>
      </div>
      {questions.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-8 text-center text-muted">No questions yet.</p>
      ) : (
        <ul className="space-y-4" aria-label="Questions">
          {questions.map((q) => (
            <li key={q.id} id={`question-${q.id}`} className="rounded-lg border border-slate-200 p-4">
              <p className="font-semibold text-ink">
                {q.date} · {q.description} · <span className="tabular-nums">{money(q.amount)}</span>
              </p>
              <p className="text-sm text-muted">
                {q.bank_account}; asked by {q.asked_by ?? "the bookkeeper"} on {q.asked_at.slice(0, 10)}
              </p>
              {q.question ? <p className="mt-2 whitespace-pre-wrap text-sm text-ink">{q.question}</p> : null}
              {q.answered_at ? (
                <p className="mt-2 text-sm text-ink">
                  <strong>Answer</strong> from {q.answered_by ?? "an owner"}:{" "}
                  {[q.answer_account, q.answer_note].filter(Boolean).join(" · ")}
                  {q.settled ? " (done)" : ""}
                </p>
              ) : null}
              {answers && !q.settled ? (
                <QuestionAnswerForm question={q} accounts={accounts} onSubmit={(input) => answer(q, input)} />
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
