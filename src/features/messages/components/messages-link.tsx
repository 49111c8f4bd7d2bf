import { useEffect, useState } from "react";
import { Link, useLocation } from "react-router";
import { cn } from "~/ui/cn.ts";
import type { UnreadSummary } from "../messages.types.ts";
import { getUnreadSummary } from "../messages.api.ts";

/** Said by a conversation screen once it marked messages read: the header's count is read again. */
export const MESSAGES_READ_EVENT = "messages:read";

/**
 * The headers' Messages link with its unread count ("Messages, 3 unread" to a screen reader): read when a page opens,
 * every minute, and when a conversation is marked read.
 */
export function MessagesLink({ fallbackHref }: { fallbackHref: string }) {
  const { pathname } = useLocation();
  const [summary, setSummary] = useState<UnreadSummary | null>(null);
  // Not useLoad: the count is read again every minute and on MESSAGES_READ_EVENT, keeps showing the last count
  // meanwhile, and a failed read leaves it as it was without a toast (it is the header's, on every page).
  useEffect(() => {
    let live = true;
    const load = () =>
      void getUnreadSummary().then((res) => {
        if (live && res.ok) setSummary(res.data);
      });
    load();
    const timer = window.setInterval(load, 60_000);
    window.addEventListener(MESSAGES_READ_EVENT, load);
    return () => {
      live = false;
      window.clearInterval(timer);
      window.removeEventListener(MESSAGES_READ_EVENT, load);
    };
  }, [pathname]);
  const unread = summary?.unread ?? 0;
  return (
    <Link
      to={summary?.href ?? fallbackHref}
      aria-label={unread > 0 ? `Messages, ${unread} unread` : "Messages"}
      className="relative inline-flex items-center gap-1.5 rounded-md px-2 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-ink"
    >
      <svg
        aria-hidden="true"
        width="20"
        height="20"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z" />
      </svg>
      <span className="hidden sm:inline">Messages</span>
      <span
        aria-hidden="true"
        data-testid="unread-badge"
        className={cn(
          "min-w-5 rounded-full bg-red-700 px-1.5 text-center text-xs font-bold leading-5 text-white",
          unread > 0 ? "" : "hidden",
        )}
      >
        {unread}
      </span>
    </Link>
  );
}
