import { toast } from "~/ui/toast.ts";
import { request } from "~/lib/api-client.ts";
import { toastFailure } from "~/ui/toast-failure.ts";
import type { NewsletterSource } from "../newsletter.schema.ts";
import { NEWSLETTER_MESSAGES } from "../newsletter-messages.ts";

/** The newsletter box's submit: checks the address with the shared schema, posts it, tells the outcome. */
export async function submitNewsletter(
  form: HTMLFormElement,
  source: NewsletterSource,
  ui: { setError: (message: string | null) => void; setBusy: (busy: boolean) => void },
): Promise<void> {
  // The shared schema is a chunk of its own (zod/mini): a failure to load it is told like any failed call.
  const { newsletterSchema } = await import("../newsletter.schema.ts");
  const parsed = newsletterSchema.safeParse({ email: new FormData(form).get("email") ?? "", source });
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? NEWSLETTER_MESSAGES.invalid;
    ui.setError(message);
    toast.error("Subscription failed", { description: message });
    return;
  }
  ui.setError(null);
  ui.setBusy(true);
  const res = await request<{ status: string; message?: string }>("/api/content/newsletter", { json: parsed.data });
  ui.setBusy(false);
  if (!res.ok) {
    toastFailure(res, { title: "Subscription failed" });
    return;
  }
  toast.success(res.status === 201 ? "Subscribed!" : "Already subscribed", {
    description: res.data.message ?? NEWSLETTER_MESSAGES.subscribed,
  });
  form.reset();
}
