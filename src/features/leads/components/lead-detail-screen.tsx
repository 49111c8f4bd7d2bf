import { Link } from "react-router";
import { Button } from "~/ui/button.tsx";
import { formatWhen } from "../lead-format.ts";
import { LEAD_KIND_LABELS } from "../leads-inbox.schema.ts";
import type { LeadDetail } from "../leads-inbox.types.ts";
import { releaseLead } from "../leads.api.ts";
import { StatusBadge } from "./lead-badges.tsx";
import { LeadClient } from "./lead-client.tsx";
import { LeadConvert } from "./lead-convert.tsx";
import { LeadHistory } from "./lead-history.tsx";
import { LeadNotes } from "./lead-notes.tsx";
import { LeadWorkForms } from "./lead-work-forms.tsx";
import { useAction } from "~/ui/use-action.ts";

const SPAM_REASONS: Record<string, string> = {
  honeypot: "a hidden field was filled in",
  "no-token": "the form was not loaded from this site",
  "too-fast": "it was sent too fast after the form was shown",
};

function SpamNotice({ lead }: { lead: LeadDetail }) {
  const { act, pending } = useAction();
  return (
    <div
      role="note"
      className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
    >
      <p>
        Flagged as spam{lead.spamReason ? `: ${SPAM_REASONS[lead.spamReason] ?? lead.spamReason}` : ""}. It was not notified and is not in
        the inbox.
      </p>
      <Button
        size="sm"
        variant="secondary"
        disabled={pending}
        onClick={() => void act(() => releaseLead(lead.id), { failure: "Not released", success: "Released to the inbox" })}
      >
        Release from spam
      </Button>
    </div>
  );
}

/** /firm/leads/:leadId: every field the visitor sent, status and owner, notes and history. */
export function LeadDetailScreen({ lead, me }: { lead: LeadDetail; me: string }) {
  return (
    <div className="space-y-6">
      <Link to={lead.spam ? "/firm/leads?view=spam" : "/firm/leads"} className="text-sm font-medium text-brand-800 underline">
        ← All leads
      </Link>
      <header className="space-y-1">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="break-words text-2xl font-bold text-ink">{lead.name || lead.email}</h1>
          <StatusBadge status={lead.status} />
        </div>
        <p className="text-sm text-muted">
          {LEAD_KIND_LABELS[lead.kind]} · received {formatWhen(lead.createdAt)}
          {lead.company ? ` · ${lead.company}` : ""}
          {lead.client ? ` · from your client ${lead.client.organizationName}` : ""}
        </p>
      </header>
      {lead.spam ? <SpamNotice lead={lead} /> : null}
      <div className="grid gap-8 lg:grid-cols-[1fr_18rem]">
        <aside className="space-y-8 lg:col-start-2 lg:row-start-1" aria-label="Follow-up">
          <LeadWorkForms key={`${lead.status}-${lead.owner?.id ?? ""}`} lead={lead} me={me} />
          {lead.client ? <LeadClient client={lead.client} /> : <LeadConvert lead={lead} />}
          <LeadHistory receivedAt={lead.createdAt} events={lead.events} />
        </aside>
        <div className="min-w-0 space-y-8 lg:col-start-1 lg:row-start-1">
          <section aria-labelledby="lead-fields-heading">
            <h2 id="lead-fields-heading" className="text-lg font-bold text-ink">
              What they sent
            </h2>
            <dl className="mt-3 divide-y divide-slate-200 rounded-lg border border-slate-200">
              {lead.fields.map((f, i) => (
                <div key={i} className="grid gap-1 px-4 py-2 sm:grid-cols-[12rem_1fr] sm:gap-4">
                  <dt className="text-sm font-medium text-slate-700">{f.label}</dt>
                  <dd className="whitespace-pre-wrap break-words text-sm text-ink">
                    {f.label === "Email" ? (
                      <a href={`mailto:${f.value}`} className="text-brand-800 underline">
                        {f.value}
                      </a>
                    ) : (
                      f.value
                    )}
                  </dd>
                </div>
              ))}
            </dl>
          </section>
          <LeadNotes leadId={lead.id} notes={lead.notes} />
        </div>
      </div>
    </div>
  );
}
