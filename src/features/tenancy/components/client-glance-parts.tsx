import { Link } from "react-router";
import type { ClientGlance } from "../tenancy.types.ts";

/** Whole days from a moment (or a date) to `today` (YYYY-MM-DD), never below 0. */
export function daysSince(since: string, today: string): number {
  return Math.max(0, Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${since.slice(0, 10)}T00:00:00Z`)) / 86_400_000));
}
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const behind = "font-semibold text-red-700";

/** "Oct 2026" for a month's first day. */
export function monthLabel(month: string): string {
  return new Intl.DateTimeFormat("en-US", { month: "short", year: "numeric", timeZone: "UTC" }).format(new Date(`${month}T12:00:00Z`));
}

/** The bank accounts together: reconciled through the oldest account's date (or never), and lines not yet matched. */
export function BankSummary({ client, monthEnd }: { client: ClientGlance; monthEnd: string }) {
  const accounts = client.bank_accounts;
  if (accounts.length === 0) return <span className="text-muted">No bank account</span>;
  const never = accounts.filter((a) => a.reconciled_through === null).length;
  const oldest = accounts.reduce<string | null>(
    (min, a) => (a.reconciled_through && (!min || a.reconciled_through < min) ? a.reconciled_through : min),
    null,
  );
  const unmatched = accounts.reduce((n, a) => n + a.unmatched, 0);
  return (
    <>
      {never ? (
        <span className={behind}>{never === accounts.length ? "Never reconciled" : `${plural(never, "account")} never reconciled`}</span>
      ) : (
        <span className={oldest! < monthEnd ? behind : undefined}>Through {oldest}</span>
      )}
      <span className="block text-muted">
        {plural(accounts.length, "account")} · {plural(unmatched, "unmatched line")}
      </span>
    </>
  );
}

export function LockSummary({ client, monthEnd }: { client: ClientGlance; monthEnd: string }) {
  if (!client.lock_date) return <span className={behind}>Not locked</span>;
  return <span className={client.lock_date < monthEnd ? behind : undefined}>Locked through {client.lock_date}</span>;
}

/** Open questions and request items waiting on one side, and for how long the oldest has. */
export function WaitingSummary({ client, on, today }: { client: ClientGlance; on: "client" | "firm"; today: string }) {
  const [questions, items] = [client.questions[on], client.requests[on]];
  const since = on === "client" ? client.waiting_client_since : client.waiting_firm_since;
  if (!questions && !items) return <span className="text-muted">Nothing</span>;
  const days = since ? daysSince(since, today) : 0;
  return (
    <>
      {[questions ? plural(questions, "question") : null, items ? plural(items, "request item") : null].filter(Boolean).join(" · ")}
      <span className={`block ${on === "client" && days > 7 ? behind : "text-muted"}`}>
        {days === 0 ? "since today" : `${plural(days, "day")}`}
      </span>
    </>
  );
}

export function UnreadSummary({ client }: { client: ClientGlance }) {
  if (client.unread === null) return <span className="text-muted">Not yours</span>;
  if (client.unread === 0) return <span className="text-muted">None</span>;
  return (
    <Link to={`/firm/messages/${client.id}`} className="font-semibold text-brand-800 underline">
      {plural(client.unread, "unread")}
      <span className="sr-only"> from {client.name}</span>
    </Link>
  );
}

export function NextWorkSummary({ client, today }: { client: ClientGlance; today: string }) {
  const work = client.next_work;
  if (!work) return <span className="text-muted">No open work</span>;
  return (
    <>
      <Link to={`/firm/work/${work.id}`} className="text-brand-800 underline">
        {work.name}
      </Link>
      <span className={`block ${work.due_on < today ? behind : "text-muted"}`}>
        Due {work.due_on}
        {work.due_on < today ? " (overdue)" : ""} · {work.assignee ? work.assignee.name : "Unassigned"}
      </span>
    </>
  );
}

export function PackSummary({ client }: { client: ClientGlance }) {
  return client.last_pack ? <>{monthLabel(client.last_pack.month)}</> : <span className="text-muted">None yet</span>;
}
