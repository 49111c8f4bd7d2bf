import { useEffect, useId, useRef, useState } from "react";
import { formatDateTime, formatLongDate } from "~/lib/format.ts";
import type { PublicProposal } from "../proposals.types.ts";
import { ProposalAnswer } from "./proposal-answer.tsx";
import { ProposalFees } from "./proposal-fees.tsx";
import { ProposalPayment } from "./proposal-payment.tsx";

/**
 * A proposal as its client opens it from her link (decision 118): the firm and the title, the outcome once answered
 * (and the payment method asked for once accepted), the letter with its fingerprint, the fees, and the answer while it
 * is open.
 */
export function ProposalView({
  proposal: p,
  token,
  methodSaved,
  onAnswered,
}: {
  proposal: PublicProposal;
  token: string;
  methodSaved: boolean;
  onAnswered: (p: PublicProposal) => void;
}) {
  const uid = useId();
  const open = p.status === "sent" || p.status === "viewed";
  const [chosen, setChosen] = useState<Set<number>>(new Set(p.accepted?.chosen_line_ids ?? []));
  const outcome = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (!open) outcome.current?.focus();
  }, [open]);

  return (
    <article className="mx-auto max-w-2xl space-y-5 text-ink" aria-labelledby={`${uid}-title`}>
      <header className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <p className="text-sm font-semibold text-brand-800">{p.firm_name}</p>
        <h1 id={`${uid}-title`} className="mt-1 text-2xl font-bold">
          {p.title}
        </h1>
        <p className="mt-1 text-slate-700">
          For {p.company || p.client_name} · starts {formatLongDate(p.start_date)} · valid until {formatLongDate(p.expires_on)}
        </p>
      </header>

      {p.status === "accepted" && p.accepted ? (
        <section className="rounded-lg border border-green-300 bg-green-50 p-4 sm:p-6" aria-labelledby={`${uid}-done`}>
          <h2 id={`${uid}-done`} ref={outcome} tabIndex={-1} className="text-xl font-bold text-green-900">
            Thank you, {p.accepted.signer_name}: the proposal is accepted
          </h2>
          <p className="mt-2">
            Signed on {formatDateTime(p.accepted.accepted_at)}. The signed letter, as a PDF with its evidence page, is mailed to you;{" "}
            {p.firm_name} has a copy too.
          </p>
        </section>
      ) : p.status === "declined" ? (
        <section className="rounded-lg border border-slate-300 bg-white p-4 sm:p-6" aria-labelledby={`${uid}-done`}>
          <h2 id={`${uid}-done`} ref={outcome} tabIndex={-1} className="text-xl font-bold">
            You declined this proposal
          </h2>
          <p className="mt-2 text-slate-700">{p.firm_name} has been told. Nothing more is needed from you.</p>
        </section>
      ) : null}

      {p.status === "accepted" && p.payment ? <ProposalPayment token={token} payment={p.payment} methodSaved={methodSaved} /> : null}

      <section className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6" aria-labelledby={`${uid}-letter`}>
        <h2 id={`${uid}-letter`} className="text-lg font-semibold">
          The letter
        </h2>
        <div className="mt-3 whitespace-pre-wrap text-[0.95rem] leading-relaxed [overflow-wrap:anywhere]" data-testid="proposal-document">
          {p.document_text}
        </div>
        <p className="mt-4 border-t border-slate-200 pt-3 text-xs text-muted">
          Document fingerprint (SHA-256):{" "}
          <span className="font-mono [overflow-wrap:anywhere]" data-testid="proposal-sha256">
            {p.document_sha256}
          </span>
        </p>
      </section>

      <ProposalFees proposal={p} chosen={chosen} onChosen={setChosen} open={open} />

      {open ? <ProposalAnswer proposal={p} token={token} chosen={chosen} onAnswered={onAnswered} /> : null}
    </article>
  );
}
