import { useId, useState, type FormEvent } from "react";
import { useSearchParams } from "react-router";
import { toast } from "~/ui/toast.ts";
import { cn } from "~/ui/cn.ts";
import type { NewsletterSource } from "../newsletter.schema.ts";
import { NEWSLETTER_MESSAGES } from "../newsletter-messages.ts";

/** What a plain (script-less) form post came back with: /page?newsletter=<source>-<outcome>. */
const NO_SCRIPT_OUTCOMES: Record<string, { ok: boolean; text: string }> = {
  subscribed: { ok: true, text: NEWSLETTER_MESSAGES.subscribed },
  already: { ok: true, text: NEWSLETTER_MESSAGES.already },
  invalid: { ok: false, text: NEWSLETTER_MESSAGES.invalid },
  limited: { ok: false, text: NEWSLETTER_MESSAGES.limited },
};

/** Newsletter sign-up box (footer 'Stay Updated', blog, resources). Posts to /api/content/newsletter. */
export function NewsletterForm({ source, dark = false, className }: { source: NewsletterSource; dark?: boolean; className?: string }) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [params] = useSearchParams();
  const returned = params.get("newsletter");
  const outcome = returned?.startsWith(`${source}-`) ? NO_SCRIPT_OUTCOMES[returned.slice(source.length + 1)] : undefined;

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    // The submit logic (the shared schema, the API client) loads on first submit: the box is on every page.
    // A chunk that fails to load (offline, a new release) is told like any failed call.
    const form = e.currentTarget;
    import("./newsletter-submit.ts")
      .then(({ submitNewsletter }) => submitNewsletter(form, source, { setError, setBusy }))
      .catch(() => toast.error("Subscription failed", { description: NEWSLETTER_MESSAGES.unavailable }));
  }

  const errorId = `${id}-error`;
  return (
    <form id={`newsletter-${source}`} method="post" action="/api/content/newsletter" onSubmit={onSubmit} noValidate className={className}>
      <input type="hidden" name="source" value={source} />
      <div className="flex gap-2">
        <label htmlFor={id} className="sr-only">
          Email address
        </label>
        <input
          id={id}
          name="email"
          type="email"
          required
          autoComplete="email"
          placeholder="you@company.com"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={() => error && setError(null)}
          className={cn(
            "min-w-0 flex-1 rounded-md border px-3 py-2 text-sm",
            dark
              ? "border-slate-500 bg-slate-800 text-white placeholder:text-slate-300"
              : "border-slate-400 bg-white text-ink placeholder:text-slate-600",
          )}
        />
        <button
          type="submit"
          disabled={busy}
          className="rounded-md bg-accent-700 px-4 py-2 text-sm font-semibold text-white hover:bg-accent-600 disabled:opacity-60"
        >
          Subscribe
        </button>
      </div>
      {error ? (
        <p id={errorId} className={cn("mt-2 text-sm", dark ? "text-red-300" : "text-red-700")}>
          {error}
        </p>
      ) : null}
      {outcome ? (
        <p
          role="status"
          className={cn(
            "mt-2 text-sm",
            outcome.ok ? (dark ? "text-emerald-300" : "text-accent-700") : dark ? "text-red-300" : "text-red-700",
          )}
        >
          {outcome.text}
        </p>
      ) : null}
    </form>
  );
}
