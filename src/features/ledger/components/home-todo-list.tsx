import { Link } from "react-router";
import { cn } from "~/ui/cn.ts";
import { formatLongDate, todayIso } from "~/lib/format.ts";
import type { ClientTodo } from "~/features/requests/requests.types.ts";
import { booksPath, useBooks, useMoney } from "./books-context.tsx";

const KIND: Record<ClientTodo["kind"], { label: string; tone: string }> = {
  bank_question: { label: "Question", tone: "bg-sky-100 text-sky-900" },
  request_item: { label: "Document", tone: "bg-amber-100 text-amber-900" },
};

/** The due date, and whether it has passed (today counts as due, not late). */
function Due({ on, today }: { on: string; today: string }) {
  const late = on < today;
  return (
    <span className={cn("text-sm", late ? "font-semibold text-red-800" : "text-muted")}>
      {late ? "Overdue: was due" : "Due"} {formatLongDate(on)}
    </span>
  );
}

/** One thing to do: the whole card is the link to where it is done (one tap on a phone). */
function TodoCard({ todo, today }: { todo: ClientTodo; today: string }) {
  const { money } = useMoney();
  const kind = KIND[todo.kind];
  return (
    <li className="relative rounded-lg border border-slate-200 bg-white p-4 shadow-sm focus-within:ring-2 focus-within:ring-brand-700 hover:border-brand-700">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className={cn("rounded-full px-2 py-0.5 text-xs font-semibold", todo.returned ? "bg-red-100 text-red-900" : kind.tone)}>
          {todo.returned ? "Sent back" : kind.label}
        </span>
        {todo.due_on ? (
          <Due on={todo.due_on} today={today} />
        ) : (
          <span className="text-sm text-muted">Asked {formatLongDate(todo.since)}</span>
        )}
      </div>
      <p className="mt-2 font-semibold text-ink [overflow-wrap:anywhere]">
        <Link to={todo.href} className="after:absolute after:inset-0 after:rounded-lg focus:outline-none">
          {todo.label}
        </Link>
      </p>
      <p className="mt-1 text-sm text-muted [overflow-wrap:anywhere]">
        {todo.kind === "bank_question" ? (
          <>
            {todo.date ? formatLongDate(todo.date) : null} · <span className="tabular-nums">{money(todo.amount ?? "0")}</span> ·{" "}
            {todo.context}
          </>
        ) : (
          todo.context
        )}
      </p>
      {todo.note ? (
        <p className="mt-2 text-sm text-ink [overflow-wrap:anywhere]">
          {todo.returned ? "Why: " : "Asked: "}
          {todo.note}
        </p>
      ) : null}
      <p aria-hidden="true" className="mt-2 text-sm font-semibold text-brand-700">
        {todo.kind === "bank_question" ? "Answer →" : todo.returned ? "Send it again →" : "Upload →"}
      </p>
    </li>
  );
}

/**
 * What the firm waits on the client for, the soonest due first, each a link to where it is done; when there are more
 * than the home lists, links to the sections holding them all.
 */
export function HomeTodoList({ todo, total }: { todo: ClientTodo[]; total: number }) {
  const { organization, side } = useBooks();
  const you = side === "client";
  const today = todayIso();
  return (
    <section aria-labelledby="home-todo-heading" className="space-y-3">
      <h2 id="home-todo-heading" className="text-xl font-semibold text-ink">
        {you ? "What the firm needs from you" : "Waiting on the client"}
      </h2>
      {total === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-muted">
          {you ? "Nothing is waiting on you: the firm has no open question or request for you." : "Nothing is waiting on the client."}
        </p>
      ) : (
        <>
          <p className="text-sm text-muted">
            {total} {total === 1 ? "thing" : "things"} to do, the soonest due first.
          </p>
          <ul aria-label="Things to do" className="space-y-3">
            {todo.map((t) => (
              <TodoCard key={`${t.kind}-${t.id}`} todo={t} today={today} />
            ))}
          </ul>
          {total > todo.length ? (
            <p className="text-sm">
              {total - todo.length} more in{" "}
              <Link className="font-semibold text-brand-700 underline" to={booksPath(organization.id, "requests")}>
                Requests
              </Link>{" "}
              and{" "}
              <Link className="font-semibold text-brand-700 underline" to={booksPath(organization.id, "questions")}>
                Questions
              </Link>
              .
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}
