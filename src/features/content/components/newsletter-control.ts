import type { BaseSyntheticEvent, ChangeEvent } from "react";
import { createFormControl } from "react-hook-form";
import { lazyZodResolver, setServerErrors, submitOrTell } from "~/lib/form.ts";
import { toast } from "~/ui/toast.ts";
import { toastFailure } from "~/ui/toast-failure.ts";
import type { NewsletterInput, NewsletterSource } from "../newsletter.schema.ts";
import { NEWSLETTER_MESSAGES } from "../newsletter-messages.ts";
import { subscribeToNewsletter } from "../content.api.ts";

type Values = { email: string; source: NewsletterSource };

/** What the box draws of its form's state: the address's message, and whether a sign-up is being sent. */
export interface NewsletterState {
  error?: string;
  busy: boolean;
}

export interface NewsletterControl {
  /** The address input's change (checked again as it changes once a submit has failed). */
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  /** The form's submit: checks the box's fields with the shared schema, posts them and tells the outcome. */
  submit: (event: BaseSyntheticEvent) => void;
  dispose: () => void;
}

/** The shared schema (the same rules as POST /api/content/newsletter), fetched as the form becomes live. */
const resolver = lazyZodResolver(() => import("../newsletter.schema.ts").then((rules) => rules.newsletterSchema));

const tellUnavailable = () => toast.error("Subscription failed", { description: NEWSLETTER_MESSAGES.unavailable });

/**
 * The newsletter box's form (react-hook-form, the shared schema through `lazyZodResolver`), made live on the box's
 * server-rendered fields: the box stays drawn by React without this module, which it imports when the visitor first
 * reaches for it (newsletter-form.tsx). The fields are read from the inputs (what was typed before is kept);
 * `show` receives the form's state to draw.
 */
export function newsletterControl(form: HTMLFormElement, show: (state: NewsletterState) => void): NewsletterControl {
  const control = createFormControl<Values, unknown, NewsletterInput>({ resolver });
  resolver.preload();
  const email = control.register("email");
  email.ref(form.elements.namedItem("email"));
  control.register("source").ref(form.elements.namedItem("source"));
  let shown: NewsletterState = { busy: false };
  const draw = (next: Partial<NewsletterState>) => show((shown = { ...shown, ...next }));
  const dispose = control.subscribe({ formState: { errors: true }, callback: ({ errors }) => draw({ error: errors?.email?.message }) });

  async function onValid(data: NewsletterInput) {
    const res = await subscribeToNewsletter(data);
    if (res.ok) {
      toast.success(res.status === 201 ? "Subscribed!" : "Already subscribed", {
        description: res.data.message ?? NEWSLETTER_MESSAGES.subscribed,
      });
      // The same inputs stay registered (no component draws them again).
      control.reset({ email: "", source: data.source }, { keepFieldsRef: true });
    } else if (res.status === 400 && Object.keys(res.fields).length) {
      setServerErrors(control.setError, res.fields, ["email"]);
      toast.error("Subscription failed", { description: res.fields.email ?? NEWSLETTER_MESSAGES.invalid });
    } else {
      toastFailure(res, { title: "Subscription failed" });
    }
  }

  const send = control.handleSubmit(onValid, (found) =>
    toast.error("Subscription failed", { description: found.email?.message ?? NEWSLETTER_MESSAGES.invalid }),
  );
  return {
    onChange: (event) => void email.onChange(event).catch(() => {}),
    // The schema's chunk could not be loaded (offline, or a new release replaced it): told, not thrown.
    submit: submitOrTell(async (event) => {
      draw({ busy: true });
      try {
        await send(event);
      } finally {
        draw({ busy: false });
      }
    }, tellUnavailable),
    dispose,
  };
}
