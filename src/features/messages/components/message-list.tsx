import type { Message } from "../messages.types.ts";
import { attachmentUrl } from "../messages.api.ts";
import { formatDateTime, formatFileSize } from "~/lib/format.ts";

/**
 * The conversation's messages, oldest first: who wrote, when, the text as text (never HTML), the files as download
 * links (served as attachments). A line marks where the messages new to the reader begin.
 */
export function MessageList({
  orgId,
  messages,
  lastReadSeq,
  userId,
}: {
  orgId: number;
  messages: Message[];
  lastReadSeq: number;
  userId: string;
}) {
  if (messages.length === 0)
    return <p className="rounded-md border border-dashed border-slate-300 p-6 text-center text-muted">No messages yet.</p>;
  const firstNew = messages.find((m) => m.seq > lastReadSeq && m.author_id !== userId)?.seq;
  return (
    <ol aria-label="Messages" className="space-y-3">
      {messages.map((m) => {
        const own = m.author_id === userId;
        return (
          <li key={m.id} className={own ? "sm:pl-12" : "sm:pr-12"}>
            {m.seq === firstNew ? (
              <p className="mb-3 flex items-center gap-2 text-xs font-semibold uppercase tracking-wide text-brand-800">
                <span aria-hidden="true" className="h-px flex-1 bg-brand-100" />
                New
                <span aria-hidden="true" className="h-px flex-1 bg-brand-100" />
              </p>
            ) : null}
            <article
              aria-label={`${m.author_name}, ${formatDateTime(m.created_at)}`}
              className={`rounded-lg border p-3 ${own ? "border-brand-100 bg-brand-50" : "border-slate-200 bg-white"}`}
            >
              <p className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
                <span className="font-semibold text-ink">
                  {m.author_name}
                  {m.from_firm ? (
                    <span className="ml-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs font-medium text-slate-700">Firm</span>
                  ) : null}
                </span>
                <time dateTime={m.created_at} className="text-xs text-slate-600">
                  {formatDateTime(m.created_at)}
                </time>
              </p>
              {m.source === "contact" ? <p className="mt-1 text-xs text-slate-600">Sent with the contact form</p> : null}
              {m.body ? <p className="mt-2 whitespace-pre-wrap break-words text-ink">{m.body}</p> : null}
              {m.attachments.length ? (
                <ul aria-label="Files" className="mt-2 flex flex-wrap gap-2">
                  {m.attachments.map((a) => (
                    <li key={a.id}>
                      <a
                        href={attachmentUrl(orgId, a.id)}
                        download={a.file_name}
                        className="inline-flex items-center gap-1 rounded-md border border-slate-300 bg-white px-2 py-1 text-sm font-medium text-brand-800 underline-offset-2 hover:underline"
                      >
                        <svg
                          aria-hidden="true"
                          width="14"
                          height="14"
                          viewBox="0 0 24 24"
                          fill="none"
                          stroke="currentColor"
                          strokeWidth="2"
                        >
                          <path d="m21.4 11.1-9.2 9.2a6 6 0 0 1-8.5-8.5l9.2-9.2a4 4 0 0 1 5.7 5.7l-9.2 9.2a2 2 0 0 1-2.8-2.8l8.5-8.5" />
                        </svg>
                        {a.file_name}
                        <span className="text-xs font-normal text-slate-600">({formatFileSize(a.size_bytes)})</span>
                      </a>
                    </li>
                  ))}
                </ul>
              ) : null}
            </article>
          </li>
        );
      })}
    </ol>
  );
}
