import { Link } from "react-router";
import { formatDateTime } from "~/lib/format.ts";
import type { Message } from "~/features/messages/messages.types.ts";
import { booksPath, useBooks } from "./books-context.tsx";

/** A month-end pack as the home links it: its month in words and its PDF. */
export interface HomePack {
  id: number;
  /** "October 2026" */
  title: string;
  href: string;
  created_at: string;
}

const linkClass = "font-semibold text-brand-700 underline hover:text-brand-900";
const box = "rounded-lg border border-slate-200 bg-white p-4";

/** The latest month-end packs (PDF) and the statements, each one tap away. */
export function HomeStatements({ packs }: { packs: HomePack[] }) {
  const { organization } = useBooks();
  const reports = (type: string) => `${booksPath(organization.id, "reports")}?type=${type}`;
  return (
    <section aria-labelledby="home-statements-heading" className={box}>
      <h2 id="home-statements-heading" className="text-lg font-semibold text-ink">
        Your packs and statements
      </h2>
      {packs.length === 0 ? (
        <p className="mt-2 text-sm text-muted">No month-end pack has been prepared yet.</p>
      ) : (
        <ul aria-label="Latest month-end packs" className="mt-2 space-y-2 text-sm">
          {packs.map((p) => (
            <li key={p.id}>
              <a className={linkClass} href={p.href} download>
                Month-end pack, {p.title} (PDF)
              </a>
              <span className="block text-muted">Prepared {formatDateTime(p.created_at)}</span>
            </li>
          ))}
        </ul>
      )}
      <ul aria-label="Statements" className="mt-3 flex flex-wrap gap-x-4 gap-y-2 border-t border-slate-200 pt-3 text-sm">
        <li>
          <Link className={linkClass} to={reports("profit_loss")}>
            Profit and loss
          </Link>
        </li>
        <li>
          <Link className={linkClass} to={reports("balance_sheet")}>
            Balance sheet
          </Link>
        </li>
        <li>
          <Link className={linkClass} to={booksPath(organization.id, "packs")}>
            All packs
          </Link>
        </li>
      </ul>
    </section>
  );
}

/** The newest messages of the conversation with the firm, how many are unread, and the way to it. */
export function HomeMessages({ messages, unread }: { messages: Message[]; unread: number }) {
  const { organization, userId, side } = useBooks();
  return (
    <section aria-labelledby="home-messages-heading" className={box}>
      <h2 id="home-messages-heading" className="text-lg font-semibold text-ink">
        Messages
      </h2>
      <p className="mt-1 text-sm text-muted">
        {unread > 0
          ? `${unread} unread ${unread === 1 ? "message" : "messages"}.`
          : messages.length
            ? "No unread messages."
            : "No messages yet."}
      </p>
      {messages.length > 0 ? (
        <ul aria-label="Latest messages" className="mt-2 space-y-2">
          {messages.map((m) => (
            <li key={m.id} className="text-sm">
              <p className="text-muted">
                <span className="font-semibold text-ink">{m.author_id === userId ? "You" : m.author_name}</span>,{" "}
                {formatDateTime(m.created_at)}
              </p>
              <p className="line-clamp-2 text-ink [overflow-wrap:anywhere]">{m.body || "Sent a file"}</p>
            </li>
          ))}
        </ul>
      ) : null}
      <p className="mt-3 text-sm">
        <Link className={linkClass} to={booksPath(organization.id, "messages")}>
          {unread > 0 ? "Read and answer" : side === "client" ? "Write to the firm" : "Open the conversation"}
        </Link>
      </p>
    </section>
  );
}
