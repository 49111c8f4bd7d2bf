import { useId } from "react";
import { formatDateTime, formatLongDate, moneyIn } from "~/lib/format.ts";
import { BILLING_LABELS } from "../proposals.schema.ts";
import type { ProposalDetails } from "../proposals.types.ts";
import { totalsLine } from "./proposal-status.tsx";

const when = (at: string | null) => (at ? formatDateTime(at, { seconds: true }) : "—");

/** A proposal once sent, as the firm reads it: the evidence once signed, its terms and dates, the fees, the document as sent and its links. */
export function ProposalRecord({ proposal: p }: { proposal: ProposalDetails }) {
  const uid = useId();
  const { money } = moneyIn(p.currency);
  const chosen = new Set(p.evidence?.chosen_line_ids ?? []);
  return (
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
        <pre className="mt-3 max-h-96 overflow-auto whitespace-pre-wrap rounded-md bg-slate-50 p-3 font-sans text-sm text-ink" tabIndex={0}>
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
  );
}
