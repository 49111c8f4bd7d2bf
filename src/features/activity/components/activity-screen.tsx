import { useEffect, useRef } from "react";
import { Link, useRevalidator } from "react-router";
import { formatDateTime } from "~/lib/format.ts";
import { Button } from "~/ui/button.tsx";
import { useAction } from "~/ui/use-action.ts";
import { markActivityRead } from "../activity.api.ts";
import type { ActivityItem, ActivityKind, ActivityPage } from "../activity.types.ts";

const DID: Record<ActivityKind, string> = {
  question_answered: "answered a question",
  request_file_uploaded: "uploaded a file to a request",
  request_item_answered: "answered a request item",
  message_written: "wrote a message",
};

/**
 * /firm/activity: what the clients did that the reader is told of, newest first, each linking to where it is. Opening
 * a page marks read what it shows (the new ones keep their mark on the screen until it is left); "Mark all read" marks
 * every act up to the newest one shown.
 */
export function ActivityScreen({ page, older }: { page: ActivityPage; older: boolean }) {
  const { revalidate } = useRevalidator();
  const { act, pending } = useAction();
  const fresh = useRef(new Set(page.items.filter((i) => !i.read).map((i) => i.id)));
  const unreadShown = page.items.filter((i) => !i.read).map((i) => i.id);
  const key = unreadShown.join(",");
  useEffect(() => {
    if (!key) return;
    for (const id of key.split(",")) fresh.current.add(Number(id));
    void markActivityRead({ ids: key.split(",").map(Number) }).then((res) => (res.ok ? revalidate() : undefined));
  }, [key, revalidate]);
  const newest = page.items[0]?.id;
  const last = page.items.at(-1)?.id;

  return (
    <section aria-labelledby="activity-title">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 id="activity-title" className="text-2xl font-bold text-ink">
            Client activity
          </h1>
          <p className="mt-1 text-sm text-muted">What your clients answered, uploaded and wrote, the latest first.</p>
        </div>
        {page.unread > 0 && newest ? (
          <Button
            variant="secondary"
            disabled={pending}
            onClick={() => void act(() => markActivityRead({ through: newest }), { failure: "Not marked", success: "All marked read" })}
          >
            Mark all read
          </Button>
        ) : null}
      </div>
      {page.items.length === 0 ? (
        <p className="mt-6 rounded-md border border-dashed border-slate-300 p-6 text-center text-muted">
          Nothing yet: when a client answers a question, uploads a file or writes, it shows here.
        </p>
      ) : (
        <ul aria-label="Client activity" className="mt-6 divide-y divide-slate-200 rounded-lg border border-slate-200">
          {page.items.map((item) => (
            <ActivityRow key={item.id} item={item} isNew={fresh.current.has(item.id)} />
          ))}
        </ul>
      )}
      {(page.more && last) || older ? (
        <p className="mt-4 flex flex-wrap gap-4 text-sm">
          {page.more && last ? (
            <Link to={`?before=${last}`} className="font-medium text-brand-700 underline">
              Older activity
            </Link>
          ) : null}
          {older ? (
            <Link to="?" className="font-medium text-brand-700 underline">
              Newest activity
            </Link>
          ) : null}
        </p>
      ) : null}
    </section>
  );
}

function ActivityRow({ item, isNew }: { item: ActivityItem; isNew: boolean }) {
  return (
    <li>
      <Link to={item.link} className="block p-4 hover:bg-slate-50">
        <span className="flex flex-wrap items-baseline justify-between gap-x-3">
          <span className={isNew ? "font-bold text-ink" : "font-semibold text-ink"}>
            {item.organization_name}
            {isNew ? <span className="ml-2 rounded-full bg-red-700 px-2 py-0.5 text-xs font-bold text-white">New</span> : null}
          </span>
          <time dateTime={item.created_at} className="text-xs text-slate-600">
            {formatDateTime(item.created_at)}
          </time>
        </span>
        <span className="mt-1 block text-sm text-slate-700">
          {item.actor_name} {DID[item.kind]}
        </span>
        {item.subject ? <span className="mt-0.5 block truncate text-sm text-slate-600">{item.subject}</span> : null}
      </Link>
    </li>
  );
}
