import { useState } from "react";
import { useNavigate } from "react-router";
import { Button, buttonClass } from "~/ui/button.tsx";
import { ConfirmDialog } from "~/ui/confirm-dialog.tsx";
import { Modal } from "~/ui/modal.tsx";
import { useAction } from "~/ui/use-action.ts";
import { useHydrated } from "~/ui/use-hydrated.ts";
import { deleteProposal, revokeProposalLinks, signedPdfUrl } from "../proposals.api.ts";
import type { CataloguePick, ClientChoice, LeadChoice } from "../proposal-form.ts";
import type { LetterTemplate, ProposalDetails } from "../proposals.types.ts";
import { ProposalForm } from "./proposal-form.tsx";
import { ProposalRecord } from "./proposal-record.tsx";
import { SendForm } from "./proposal-send-form.tsx";
import { ProposalPageHeader } from "./proposal-page-header.tsx";
import { ProposalStatusBadge } from "./proposal-status.tsx";

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
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const { act, pending } = useAction();
  const [open, setOpen] = useState<"send" | "delete" | "revoke" | null>(null);
  const close = () => setOpen(null);
  const draft = p.status === "draft";
  const answerable = p.status === "sent" || p.status === "viewed";
  const liveLinks = p.links.filter((l) => !l.revoked_at);

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
        <ProposalRecord proposal={p} />
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
