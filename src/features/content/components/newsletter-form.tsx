import { useId, useState, type FormEvent } from "react";
import { toast } from "sonner";
import { cn } from "~/ui/cn.ts";

/** Newsletter sign-up box (footer 'Stay Updated', blog). Posts to /api/content/newsletter. */
export function NewsletterForm({ source, dark = false, className }: { source: "footer" | "blog"; dark?: boolean; className?: string }) {
  const id = useId();
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const email = String(new FormData(form).get("email") ?? "").trim();
    setBusy(true);
    try {
      const res = await fetch("/api/content/newsletter", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email, source }),
      });
      const body = (await res.json().catch(() => ({}))) as { error?: string; message?: string };
      if (!res.ok) {
        toast.error("Subscription failed", { description: body.error ?? "Please try again." });
        return;
      }
      toast.success("Subscribed!", { description: body.message ?? "You're on the list for our monthly insights." });
      form.reset();
    } catch {
      toast.error("Subscription failed", { description: "Please try again." });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form method="post" action="/api/content/newsletter" onSubmit={onSubmit} className={cn("flex gap-2", className)} noValidate={false}>
      <input type="hidden" name="source" value={source} />
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
        className={cn(
          "min-w-0 flex-1 rounded-md border px-3 py-2 text-sm",
          dark ? "border-slate-600 bg-slate-800 text-white placeholder:text-slate-300" : "border-slate-300 bg-white text-ink placeholder:text-slate-500",
        )}
      />
      <button type="submit" disabled={busy} className="rounded-md bg-accent-700 px-4 py-2 text-sm font-semibold text-white hover:bg-accent-600 disabled:opacity-60">
        Subscribe
      </button>
    </form>
  );
}
