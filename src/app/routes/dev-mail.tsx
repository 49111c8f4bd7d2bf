import { data } from "react-router";
import { sql } from "drizzle-orm";
import type { Route } from "./+types/dev-mail";
import { queryRows } from "~/server/db/client.ts";
import { OUTBOX_COLUMNS, type OutboxRow } from "~/server/mail/outbox.server.ts";

/** With MAIL_CATCHER on, to this machine only: the mail outbox, so links in mail can be followed locally. */
export async function loader({ context }: Route.LoaderArgs) {
  if (!context.mailCatcher) throw data(null, { status: 404 });
  const mail = await queryRows<OutboxRow>(context.app.db, sql`select ${OUTBOX_COLUMNS} from mail_outbox order by id desc limit 100`);
  return {
    mail: mail.map((m) => ({
      id: m.id,
      kind: m.kind,
      to: m.to_address,
      subject: m.subject,
      text: m.text_body,
      status: m.status,
      createdAt: new Date(m.created_at).toISOString(),
    })),
  };
}

export const meta: Route.MetaFunction = () => [{ title: "Outbox | Ledgerline Advisors" }, { name: "robots", content: "noindex" }];

export default function DevMail({ loaderData }: Route.ComponentProps) {
  return (
    <section className="mx-auto max-w-5xl px-4 py-12">
      <h1 className="text-3xl font-bold">Outbox</h1>
      <p className="mt-2 text-muted">
        Mail written by the site, newest first. This page exists only when the mail catcher is switched on (MAIL_CATCHER=1), and only for
        this machine.
      </p>
      {loaderData.mail.length === 0 ? <p className="mt-8">No mail yet.</p> : null}
      <ol className="mt-8 space-y-6">
        {loaderData.mail.map((m) => (
          <li key={m.id} className="rounded-lg border border-slate-200 p-4">
            <h2 className="font-semibold">{m.subject}</h2>
            <p className="text-sm text-muted">
              #{m.id} · {m.kind} · to {m.to} · {m.status} · {m.createdAt}
            </p>
            <pre className="mt-3 whitespace-pre-wrap break-words text-sm">{linkify(m.text)}</pre>
          </li>
        ))}
      </ol>
    </section>
  );
}

function linkify(text: string) {
  return text.split(/(https?:\/\/\S+)/g).map((part, i) =>
    /^https?:\/\//.test(part) ? (
      <a key={i} href={part} className="text-brand-700 underline">
        {part}
      </a>
    ) : (
      part
    ),
  );
}
