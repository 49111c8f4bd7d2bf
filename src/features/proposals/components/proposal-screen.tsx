import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useNavigate } from "react-router";
import { z } from "zod";
import { formatDateTime, formatLongDate, moneyIn } from "~/lib/format.ts";
import { textField } from "~/lib/schema-fields.ts";
import { Button, buttonClass } from "~/ui/button.tsx";
import { ConfirmDialog } from "~/ui/confirm-dialog.tsx";
import { InputField } from "~/ui/field.tsx";
import { Modal } from "~/ui/modal.tsx";
import { useAction } from "~/ui/use-action.ts";
import { useHydrated } from "~/ui/use-hydrated.ts";
import { deleteProposal, revokeProposalLinks, sendProposal, signedPdfUrl } from "../proposals.api.ts";
import type { CataloguePick, ClientChoice, LeadChoice } from "../proposal-form.ts";
import { BILLING_LABELS } from "../proposals.schema.ts";
import type { LetterTemplate, ProposalDetails } from "../proposals.types.ts";
import { ProposalForm } from "./proposal-form.tsx";
import { ProposalPageHeader } from "./proposal-page-header.tsx";
import { ProposalStatusBadge, totalsLine } from "./proposal-status.tsx";

const when = (at: string | null) => (at ? formatDateTime(at, { seconds: true }) : "—");

/** /firm/proposals/:proposalId: a draft edited and sent; once sent, the document, its links, and the evidence once signed. */
export function ProposalScreen({
  proposal: p,
  leads,
  clients,
  templates,
  catalogue,
}: {
  proposal: ProposalDetails;
  leads: LeadChoice[];
  clients: ClientChoice[];
  templates: LetterTemplate[];
  catalogue: CataloguePick[];
}) {
  const uid = useId();
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const { act, pending } = useAction();
  const [open, setOpen] = useState<"send" | "delete" | "revoke" | null>(null);
  const close = () => setOpen(null);
  const { money } = moneyIn(p.currency);
  const draft = p.status === "draft";
  const answerable = p.status === "sent" || p.status === "viewed";
  const liveLinks = p.links.filter((l) => !l.revoked_at);
  const chosen = new Set(p.evidence?.chosen_line_ids ?? []);

  return (
    <div className="space-y-6">
      <ProposalPageHeader>
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-bold text-ink">{p.title}</h1>
          <span data-testid="proposal-status">
            <ProposalStatusBadge status={p.status} />
          </span>
        </div>
        <p className="text-slate-700">
          To {p.client_name} ({p.client_email}){p.company ? ` for ${p.company}` : ""} ·{" "}
          {p.lead_id && !p.organization_id ? "a lead" : "a client"}
        </p>
        <div className="flex flex-wrap gap-2">
          {draft || answerable ? (
            <Button type="button" disabled={!hydrated} onClick={() => setOpen("send")}>
              {draft ? "Send" : "Send a new link"}
            </Button>
          ) : null}
          {liveLinks.length > 0 && p.status !== "accepted" ? (
            <Button type="button" variant="secondary" disabled={!hydrated} onClick={() => setOpen("revoke")}>
              Revoke links
            </Button>
          ) : null}
          {p.status === "accepted" && p.evidence ? (
            <a className={buttonClass("primary")} href={signedPdfUrl(p.id)} download>
              Download the signed PDF
            </a>
          ) : null}
          {draft ? (
            <Button type="button" variant="ghost" disabled={!hydrated} onClick={() => setOpen("delete")}>
              Delete the draft
            </Button>
          ) : null}
        </div>
      </ProposalPageHeader>

      {draft ? (
        <ProposalForm proposal={p} leads={leads} clients={clients} templates={templates} catalogue={catalogue} />
      ) : (
        <>
          {p.evidence ? (
            <section aria-labelledby={`${uid}-evidence`} className="rounded-xl border border-green-200 bg-green-50 p-4 sm:p-5">
              <h2 id={`${uid}-evidence`} className="text-lg font-semibold text-ink">
                Evidence of signature
              </h2>
              <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[12rem_1fr]">
                <dt className="text-muted">Name typed</dt>
                <dd className="font-medium">{p.evidence.signer_name}</dd>
                <dt className="text-muted">Accepted at</dt>
                <dd>{when(p.evidence.accepted_at)}</dd>
                <dt className="text-muted">Email the link was sent to</dt>
                <dd>{p.evidence.signer_email ?? "—"}</dd>
                <dt className="text-muted">IP address</dt>
                <dd>{p.evidence.signer_ip ?? "—"}</dd>
                <dt className="text-muted">Browser</dt>
                <dd className="[overflow-wrap:anywhere]">{p.evidence.signer_user_agent ?? "—"}</dd>
                <dt className="text-muted">Options chosen</dt>
                <dd>
                  {p.lines
                    .filter((l) => chosen.has(l.id))
                    .map((l) => l.name)
                    .join(", ") || "none"}
                </dd>
                <dt className="text-muted">Document SHA-256</dt>
                <dd className="font-mono text-xs [overflow-wrap:anywhere]" data-testid="evidence-document-sha256">
                  {p.evidence.document_sha256}
                </dd>
                <dt className="text-muted">Signed PDF SHA-256</dt>
                <dd className="font-mono text-xs [overflow-wrap:anywhere]" data-testid="evidence-pdf-sha256">
                  {p.evidence.signed_pdf_sha256}
                </dd>
              </dl>
            </section>
          ) : null}

          <section aria-labelledby={`${uid}-facts`} className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
            <h2 id={`${uid}-facts`} className="text-lg font-semibold text-ink">
              Terms and dates
            </h2>
            <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[12rem_1fr]">
              <dt className="text-muted">Total (without add-ons)</dt>
              <dd className="font-medium">{totalsLine(p.totals, p.currency)}</dd>
              <dt className="text-muted">Start date</dt>
              <dd>{formatLongDate(p.start_date)}</dd>
              <dt className="text-muted">Minimum term</dt>
              <dd>{p.minimum_term_months ? `${p.minimum_term_months} months` : "none"}</dd>
              <dt className="text-muted">Valid until</dt>
              <dd>{formatLongDate(p.expires_on)}</dd>
              <dt className="text-muted">Sent</dt>
              <dd>
                {when(p.sent_at)}
                {p.sent_to ? ` to ${p.sent_to}` : ""}
              </dd>
              <dt className="text-muted">Viewed</dt>
              <dd>{when(p.viewed_at)}</dd>
              {p.declined_at ? (
                <>
                  <dt className="text-muted">Declined</dt>
                  <dd>
                    {when(p.declined_at)}
                    {p.decline_reason ? `: “${p.decline_reason}”` : ""}
                  </dd>
                </>
              ) : null}
            </dl>
          </section>

          <section aria-labelledby={`${uid}-lines`} className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
            <h2 id={`${uid}-lines`} className="text-lg font-semibold text-ink">
              Fees
            </h2>
            <ul className="mt-3 divide-y divide-slate-200 text-sm">
              {p.lines.map((l) => (
                <li key={l.id} className="flex flex-wrap justify-between gap-x-4 py-2">
                  <span>
                    {l.name}
                    {l.quantity > 1 ? ` × ${l.quantity}` : ""}
                    {l.optional ? <span className="ml-2 text-muted">{chosen.has(l.id) ? "add-on, chosen" : "optional add-on"}</span> : null}
                    {l.description ? <span className="block text-xs text-muted">{l.description}</span> : null}
                  </span>
                  <span className="tabular-nums">
                    {money(l.amount)} {BILLING_LABELS[l.billing]}
                  </span>
                </li>
              ))}
            </ul>
          </section>

          <section aria-labelledby={`${uid}-document`} className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
            <h2 id={`${uid}-document`} className="text-lg font-semibold text-ink">
              The document as sent
            </h2>
            <p className="mt-1 text-xs text-muted">
              SHA-256 <span className="font-mono [overflow-wrap:anywhere]">{p.document_sha256}</span>
            </p>
            <pre
              className="mt-3 max-h-96 overflow-auto whitespace-pre-wrap rounded-md bg-slate-50 p-3 font-sans text-sm text-ink"
              tabIndex={0}
            >
              {p.document_text}
            </pre>
          </section>

          <section aria-labelledby={`${uid}-links`} className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
            <h2 id={`${uid}-links`} className="text-lg font-semibold text-ink">
              Links sent
            </h2>
            <ul className="mt-3 divide-y divide-slate-200 text-sm">
              {p.links.map((l) => (
                <li key={l.id} className="flex flex-wrap justify-between gap-x-4 py-2">
                  <span>
                    To {l.sent_to}, {formatDateTime(l.created_at)}
                  </span>
                  <span className="text-muted">
                    {l.revoked_at
                      ? `Revoked ${formatDateTime(l.revoked_at)}`
                      : l.last_viewed_at
                        ? `Opened ${formatDateTime(l.last_viewed_at)}`
                        : "Not opened"}
                  </span>
                </li>
              ))}
            </ul>
          </section>
        </>
      )}

      <Modal
        open={open === "send"}
        onOpenChange={(o) => !o && close()}
        title={draft ? `Send ${p.title}` : `Send a new link to ${p.title}`}
        description={
          draft
            ? "The proposal is frozen as it is now and mailed with a link to read and sign it. It cannot be edited after."
            : "A fresh link is mailed; the document stays as it was sent."
        }
        dismissOnOutsideClick={false}
      >
        {open === "send" ? <SendForm proposal={p} onSent={close} /> : null}
      </Modal>
      <ConfirmDialog
        open={open === "revoke"}
        onOpenChange={(o) => !o && close()}
        title="Revoke every link?"
        description="The links already mailed stop opening the proposal. You can send a new link while it is still open."
        confirmLabel="Revoke links"
        variant="danger"
        onConfirm={async () => (await act(() => revokeProposalLinks(p.id), { failure: "Links not revoked", success: "Links revoked" })).ok}
      />
      <ConfirmDialog
        open={open === "delete"}
        onOpenChange={(o) => !o && close()}
        title={`Delete ${p.title}?`}
        description="The draft is removed. This cannot be undone."
        confirmLabel="Delete the draft"
        variant="danger"
        confirmDisabled={pending}
        onConfirm={async () => {
          const res = await act(() => deleteProposal(p.id), { failure: "Draft not deleted", success: "Draft deleted", changes: false });
          if (res.ok) void navigate("/firm/proposals");
          return res.ok;
        }}
      />
    </div>
  );
}

const sendFormSchema = z.object({
  to: z.email({ error: "To must be an email address" }).max(254, "To is too long"),
  message: textField("Message", { max: 2000, multiline: true }),
});
type SendForm = z.infer<typeof sendFormSchema>;

function SendForm({ proposal, onSent }: { proposal: ProposalDetails; onSent: () => void }) {
  const { act } = useAction();
  const { register, handleSubmit, setError, formState } = useForm<SendForm>({
    resolver: zodResolver(sendFormSchema),
    defaultValues: { to: proposal.sent_to ?? proposal.client_email, message: "" },
  });
  const submit = handleSubmit(async (v) => {
    const res = await act(() => sendProposal(proposal.id, { to: v.to, message: v.message || null }), {
      failure: "Proposal not sent",
      success: `Proposal sent to ${v.to}`,
    });
    if (!res.ok) {
      for (const [key, message] of Object.entries(res.fields))
        setError(key === "message" ? "message" : "to", { message }, { shouldFocus: true });
      return;
    }
    onSent();
  });
  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="Send the proposal">
      <InputField id="send-to" label="To" type="email" error={formState.errors.to?.message} {...register("to")} />
      <InputField
        id="send-message"
        as="textarea"
        rows={3}
        label="Message"
        optional
        hint="Put in the mail above the link."
        error={formState.errors.message?.message}
        {...register("message")}
      />
      <Button type="submit" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? "Sending…" : "Send the proposal"}
      </Button>
    </form>
  );
}
