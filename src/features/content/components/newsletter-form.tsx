import { useId } from "react";
import { useForm } from "react-hook-form";
import { useSearchParams } from "react-router";
import { toast } from "~/ui/toast.ts";
import { cn } from "~/ui/cn.ts";
import { request } from "~/lib/api-client.ts";
import { lazyZodResolver, setServerErrors, submitOrTell } from "~/lib/form.ts";
import { useHydrated } from "~/ui/use-hydrated.ts";
import { toastFailure } from "~/ui/toast-failure.ts";
import type { NewsletterInput, NewsletterSource } from "../newsletter.schema.ts";
import { NEWSLETTER_MESSAGES } from "../newsletter-messages.ts";

/** What a plain (script-less) form post came back with: /page?newsletter=<source>-<outcome>. */
const NO_SCRIPT_OUTCOMES: Record<string, { ok: boolean; text: string }> = {
  subscribed: { ok: true, text: NEWSLETTER_MESSAGES.subscribed },
  already: { ok: true, text: NEWSLETTER_MESSAGES.already },
  invalid: { ok: false, text: NEWSLETTER_MESSAGES.invalid },
  limited: { ok: false, text: NEWSLETTER_MESSAGES.limited },
};

/**
 * The shared schema (zod/mini, the same rules as POST /api/content/newsletter) loads when focus first enters the
 * box, or at the latest on submit: the box is on every page.
 */
const resolver = lazyZodResolver(() => import("../newsletter.schema.ts").then((rules) => rules.newsletterSchema));

const FAILED = { title: "Subscription failed", description: NEWSLETTER_MESSAGES.unavailable };

/**
 * Newsletter sign-up box (footer 'Stay Updated', blog, resources): posts to /api/content/newsletter, and works as a
 * plain form without JavaScript (the server answers with a redirect back to the page and its outcome). Drawn through
 * `NewsletterBox` (newsletter-box.tsx), which keeps this module and react-hook-form off the page's first load.
 */
export function NewsletterForm({ source, dark = false, className }: { source: NewsletterSource; dark?: boolean; className?: string }) {
  const id = useId();
  const hydrated = useHydrated();
  const [params] = useSearchParams();
  const returned = params.get("newsletter");
  const outcome = returned?.startsWith(`${source}-`) ? NO_SCRIPT_OUTCOMES[returned.slice(source.length + 1)] : undefined;
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<{ email: string; source: NewsletterSource }, unknown, NewsletterInput>({ resolver });

  async function onValid(data: NewsletterInput) {
    const res = await request<{ status: string; message?: string }>("/api/content/newsletter", { json: data });
    if (res.ok) {
      toast.success(res.status === 201 ? "Subscribed!" : "Already subscribed", {
        description: res.data.message ?? NEWSLETTER_MESSAGES.subscribed,
      });
      reset({ email: "", source });
    } else if (res.status === 400 && Object.keys(res.fields).length) {
      setServerErrors(setError, res.fields, ["email"]);
      toast.error("Subscription failed", { description: res.fields.email ?? NEWSLETTER_MESSAGES.invalid });
    } else {
      toastFailure(res, { title: "Subscription failed" });
    }
  }

  const error = errors.email?.message;
  const errorId = `${id}-error`;
  return (
    <form
      id={`newsletter-${source}`}
      method="post"
      action="/api/content/newsletter"
      noValidate={hydrated}
      onFocus={resolver.preload}
      // The schema's chunk could not be loaded (offline, or a new release replaced it).
      onSubmit={submitOrTell(
        handleSubmit(onValid, (found) =>
          toast.error("Subscription failed", { description: found.email?.message ?? NEWSLETTER_MESSAGES.invalid }),
        ),
        () => toast.error(FAILED.title, { description: FAILED.description }),
      )}
      className={className}
    >
      <input type="hidden" defaultValue={source} {...register("source")} />
      <div className="flex gap-2">
        <label htmlFor={id} className="sr-only">
          Email address
        </label>
        <input
          id={id}
          type="email"
          required
          autoComplete="email"
          placeholder="you@company.com"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...register("email")}
          className={cn(
            "min-w-0 flex-1 rounded-md border px-3 py-2 text-sm",
            dark
              ? "border-slate-500 bg-slate-800 text-white placeholder:text-slate-300"
              : "border-slate-400 bg-white text-ink placeholder:text-slate-600",
          )}
        />
        <button
          type="submit"
          disabled={isSubmitting}
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
