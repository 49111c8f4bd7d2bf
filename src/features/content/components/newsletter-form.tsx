import { useId, useRef, useState, type ChangeEvent, type FormEvent } from "react";
import { useSearchParams } from "react-router";
import { toast } from "~/ui/toast.ts";
import { cn } from "~/ui/cn.ts";
import type { NewsletterSource } from "../newsletter.schema.ts";
import { NEWSLETTER_MESSAGES } from "../newsletter-messages.ts";
import type { NewsletterControl, NewsletterState } from "./newsletter-control.ts";

/** What a plain (script-less) form post came back with: /page?newsletter=<source>-<outcome>. */
const NO_SCRIPT_OUTCOMES = ["subscribed", "already", "invalid", "limited"] as const;

/**
 * Newsletter sign-up box (footer 'Stay Updated', blog, resources): posts to /api/content/newsletter, and works as a
 * plain form without JavaScript (the server answers with a redirect back to the page and its outcome).
 *
 * The box is on every public page, so its form (react-hook-form and the shared schema, newsletter-control.ts) is not
 * part of the page's load. Nor is the box a deferred component (src/ui/deferred.tsx): one in the footer held the
 * whole page's hydration until the visitor's first interaction. The box is an ordinary part of the page, and its form
 * is imported when the visitor first focuses the box or types into it (at the latest on submit), then made live on the
 * same inputs, which keep what was typed.
 */
export function NewsletterForm({ source, dark = false, className }: { source: NewsletterSource; dark?: boolean; className?: string }) {
  const id = useId();
  const [{ error, busy }, setState] = useState<NewsletterState>({ busy: false });
  const [params] = useSearchParams();
  const returned = params.get("newsletter");
  const outcome = NO_SCRIPT_OUTCOMES.find((name) => returned === `${source}-${name}`);

  const control = useRef<Promise<NewsletterControl> | null>(null);
  const live = useRef<NewsletterControl | null>(null);
  const makeLive = (form: HTMLFormElement | null) =>
    (control.current ??= import("./newsletter-control-import.ts")
      .then(({ importNewsletterControl }) => importNewsletterControl())
      .then(
        ({ newsletterControl }) => (live.current = newsletterControl(form!, setState)),
        (failure: unknown) => {
          // Fetched again on the next attempt.
          control.current = null;
          throw failure;
        },
      ));
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    makeLive(e.currentTarget).then(
      (form) => form.submit(e),
      // The form's chunk could not be loaded (offline, or a new release replaced it).
      () => toast.error("Subscription failed", { description: NEWSLETTER_MESSAGES.unavailable }),
    );
  };
  // Before the form is live, what was typed is read from the input as it becomes so.
  const onChange = (e: ChangeEvent<HTMLInputElement>) =>
    live.current ? live.current.onChange(e) : makeLive(e.currentTarget.form).catch(() => {});

  const errorId = `${id}-error`;
  const red = dark ? "text-red-300" : "text-red-700";
  return (
    <form
      id={`newsletter-${source}`}
      method="post"
      action="/api/content/newsletter"
      onFocus={(e) => void makeLive(e.currentTarget).catch(() => {})}
      onSubmit={onSubmit}
      noValidate
      className={className}
    >
      <input type="hidden" name="source" value={source} />
      <div className="flex gap-2">
        <label htmlFor={id} className="sr-only">
          Email address
        </label>
        {/* eslint-disable-next-line no-restricted-syntax -- raw control: the box's own look (also on the dark footer), its label read by screen readers only */}
        <input
          id={id}
          name="email"
          type="email"
          required
          autoComplete="email"
          placeholder="you@company.com"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={onChange}
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
          className="rounded-md bg-accent-700 px-4 py-2 text-sm font-semibold text-white hover:bg-accent-800 disabled:opacity-60"
        >
          Subscribe
        </button>
      </div>
      {error ? (
        <p id={errorId} className={cn("mt-2 text-sm", red)}>
          {error}
        </p>
      ) : null}
      {outcome ? (
        <p
          role="status"
          className={cn(
            "mt-2 text-sm",
            outcome === "subscribed" || outcome === "already" ? (dark ? "text-emerald-300" : "text-accent-700") : red,
          )}
        >
          {NEWSLETTER_MESSAGES[outcome]}
        </p>
      ) : null}
    </form>
  );
}
