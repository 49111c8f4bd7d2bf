import type { PreferencesInput } from "../messages.schema.ts";
import { NotifyPreferenceForm } from "./notify-preference-form.tsx";

/** /account's section of notification mails: the one choice of how often the portal mails the reader. */
export function MailChoiceSection({ initial, firm }: { initial: PreferencesInput; firm: boolean }) {
  return (
    <section aria-labelledby="mail-choice-title" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id="mail-choice-title" className="text-lg font-semibold text-ink">
        Notification mails
      </h2>
      <p className="mt-1 text-sm text-muted">
        {firm
          ? "When a client you work on answers a question, uploads to a request or writes, and when a colleague writes to a client."
          : "When the firm writes to you."}
      </p>
      <NotifyPreferenceForm initial={initial} firm={firm} className="mt-4 flex flex-wrap items-end gap-3" />
    </section>
  );
}
