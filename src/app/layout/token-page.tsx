import type { ReactNode } from "react";
import type { AppShellHandle } from "./app-shell.ts";

/*
 * The frame of a page opened from a link in a mail, without an account (a shared document, a proposal to sign): nothing
 * else of the site is on it (no navigation), it is never indexed, and its address (the secret in it) is never sent on
 * as a referrer.
 */

/** Its title, never indexed, never a referrer. */
export const tokenPageMeta = (title: string) => [
  { title },
  { name: "robots", content: "noindex, nofollow" },
  { name: "referrer", content: "no-referrer" },
];

export const tokenPageHeaders = () => ({
  "Cache-Control": "private, no-store",
  "Referrer-Policy": "no-referrer",
  "X-Robots-Tag": "noindex, nofollow",
});

/** No header, no footer: the page shows what the link opens and nothing that leads elsewhere. */
const Nothing = () => null;
export const tokenPageHandle: AppShellHandle = { appShell: { Header: Nothing, Footer: Nothing } };

/**
 * The page: what the link opens once found (`found`), else a card that says it is opening (`loading`), or why not
 * (`heading` and `text`, in `textClass`).
 */
export function TokenPageFrame({
  padding,
  found,
  loading,
  heading,
  text,
  textClass,
}: {
  /** The page's vertical padding on a phone ("py-5"). */
  padding: string;
  found: ReactNode;
  loading: string | null;
  heading: string;
  text: ReactNode;
  textClass: string;
}) {
  return (
    <div className={`min-h-screen bg-slate-50 px-3 ${padding} sm:px-6 sm:py-10`}>
      {found ?? (
        <section className="mx-auto max-w-xl rounded-lg border border-slate-200 bg-white p-6 text-ink shadow-sm" aria-live="polite">
          {loading !== null ? (
            <p className="text-muted">{loading}</p>
          ) : (
            <>
              <h1 className="text-2xl font-bold">{heading}</h1>
              <p className={`mt-3 ${textClass}`}>{text}</p>
            </>
          )}
        </section>
      )}
    </div>
  );
}
