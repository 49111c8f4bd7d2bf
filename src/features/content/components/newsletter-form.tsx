import { useId, useState, type FormEvent } from "react";
import { useSearchParams } from "react-router";
import { toast } from "sonner";
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

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    // The shared schema and the API client load on first submit: the box is on every page, they need not be.
    // A chunk that fails to load (offline, a new release) is told like any failed call.
    const loaded = await Promise.all([
      import("../newsletter.schema.ts"),
      import("~/lib/api-client.ts"),
      import("~/ui/toast-failure.ts"),
    ]).catch(() => null);
    if (!loaded) {
      toast.error("Subscription failed", { description: NEWSLETTER_MESSAGES.unavailable });
      return;
    }
    const [{ newsletterSchema }, { request }, { toastFailure }] = loaded;
    const parsed = newsletterSchema.safeParse({ email: new FormData(form).get("email") ?? "", source });
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? NEWSLETTER_MESSAGES.invalid;
      setError(message);
      toast.error("Subscription failed", { description: message });
      return;
    }
    setError(null);
    setBusy(true);
    const res = await request<{ status: string; message?: string }>("/api/content/newsletter", { json: parsed.data });
    setBusy(false);
    if (!res.ok) {
      toastFailure(res, { title: "Subscription failed" });
      return;
    }
    toast.success(res.status === 201 ? "Subscribed!" : "Already subscribed", {
      description: res.data.message ?? NEWSLETTER_MESSAGES.subscribed,
    });
    form.reset();
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
