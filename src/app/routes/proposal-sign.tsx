import { useEffect, useId, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "zod";
import type { Route } from "./+types/proposal-sign";
import { TokenPageFrame, tokenPageHandle, tokenPageHeaders, tokenPageMeta } from "../layout/token-page.tsx";
import { formatDateTime, formatLongDate, moneyIn } from "~/lib/format.ts";
import { toCents } from "~/lib/money.ts";
import { retryAfterText } from "~/lib/api-client.ts";
import { requiredTextField, textField } from "~/lib/schema-fields.ts";
import { Button } from "~/ui/button.tsx";
import { CheckboxField, InputField } from "~/ui/field.tsx";
import { acceptPublicProposal, declinePublicProposal, getPublicProposal } from "~/features/proposals/proposals.api.ts";
import { BILLINGS, BILLING_LABELS, type Billing } from "~/features/proposals/proposals.schema.ts";
import type { PublicProposal } from "~/features/proposals/proposals.types.ts";
import { ProposalPayment } from "~/features/proposals/components/proposal-payment.tsx";

/*
 * /proposal/:token: the page a client opens from the link in her mail, without an account (decision 118). It asks the
 * link's public API (/api/proposal-links/:token) for the frozen document and shows the letter, the fees and the
 * add-ons to tick with the total; she types her full name, agrees and accepts (posting back the document's SHA-256 it
 * showed), or declines. Nothing else of the site is on it, it is never indexed, and its address (the secret) is never
 * sent on as a referrer.
 */

export const meta: Route.MetaFunction = () => tokenPageMeta("Your proposal");

export const headers: Route.HeadersFunction = tokenPageHeaders;

export const handle = tokenPageHandle;

export function loader({ params, request }: Route.LoaderArgs) {
  // Back from the processor's page where she gave her payment method (decision 119).
  return { token: params.token, methodSaved: new URL(request.url).searchParams.get("method") === "saved" };
}

type Loaded =
  | { kind: "loading" }
  | { kind: "found"; proposal: PublicProposal }
  | { kind: "not-found" }
  | { kind: "expired"; message: string }
  | { kind: "failed"; message: string };

export default function ProposalSignPage({ loaderData }: Route.ComponentProps) {
  const { token, methodSaved } = loaderData;
  const [state, setState] = useState<Loaded>({ kind: "loading" });
  useEffect(() => {
    const controller = new AbortController();
    void getPublicProposal(token).then((res) => {
      if (controller.signal.aborted) return;
      if (res.ok) setState({ kind: "found", proposal: res.data.proposal });
      else if (res.status === 404) setState({ kind: "not-found" });
      else if (res.status === 410) setState({ kind: "expired", message: res.message });
      else setState({ kind: "failed", message: res.retryAfter ? `${res.message} ${retryAfterText(res.retryAfter)}` : res.message });
    });
    return () => controller.abort();
  }, [token]);
  useEffect(() => {
    if (state.kind === "found") document.title = `${state.proposal.title}: proposal from ${state.proposal.firm_name}`;
    else if (state.kind === "not-found") document.title = "Proposal not found";
    else if (state.kind === "expired") document.title = "Proposal expired";
  }, [state]);

  return (
    <TokenPageFrame
      padding="py-5"
      found={
        state.kind === "found" ? (
          <ProposalView
            proposal={state.proposal}
            token={token}
            methodSaved={methodSaved}
            onAnswered={(proposal) => setState({ kind: "found", proposal })}
          />
        ) : null
      }
      loading={state.kind === "loading" ? "Opening the proposal…" : null}
      heading={
        state.kind === "not-found"
          ? "Proposal not found"
          : state.kind === "expired"
            ? "This proposal has expired"
            : "The proposal could not be opened"
      }
      text={
        state.kind === "expired" || state.kind === "failed"
          ? state.message
          : "This link does not open a proposal: it may have been replaced by a newer one or revoked. Ask the firm that sent it for a new link."
      }
      textClass="text-slate-700"
    />
  );
}

/** The total by billing of the lines taken: those not optional and the options ticked. */
function totals(p: PublicProposal, chosen: Set<number>): { billing: Billing; cents: bigint }[] {
  const sums = new Map<Billing, bigint>();
  for (const l of p.lines) if (!l.optional || chosen.has(l.id)) sums.set(l.billing, (sums.get(l.billing) ?? 0n) + toCents(l.amount)!);
  return BILLINGS.filter((b) => sums.has(b)).map((b) => ({ billing: b, cents: sums.get(b)! }));
}

const signSchema = z.object({
  signer_name: requiredTextField("Full name", { max: 200 }).refine((v) => /\S+\s+\S+/.test(v), "Type your full name (first and last)"),
  agree: z.boolean().refine((v) => v, "Tick the box to accept the letter"),
});
type SignForm = { signer_name: string; agree: boolean };

const declineSchema = z.object({ reason: textField("Reason", { max: 2000, multiline: true }) });

function ProposalView({
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
  const { money } = moneyIn(p.currency);
  const open = p.status === "sent" || p.status === "viewed";
  const [chosen, setChosen] = useState<Set<number>>(new Set(p.accepted?.chosen_line_ids ?? []));
  const [problem, setProblem] = useState<string | null>(null);
  const [declining, setDeclining] = useState(false);
  const outcome = useRef<HTMLHeadingElement>(null);
  const { register, handleSubmit, setError, formState } = useForm<SignForm, unknown, z.output<typeof signSchema>>({
    resolver: zodResolver(signSchema),
    defaultValues: { signer_name: "", agree: false },
  });
  const decline = useForm<{ reason: string }>({ resolver: zodResolver(declineSchema), defaultValues: { reason: "" } });
  const sum = totals(p, chosen);
  const options = p.lines.filter((l) => l.optional);

  useEffect(() => {
    if (!open) outcome.current?.focus();
  }, [open]);

  const accept = handleSubmit(async (v) => {
    setProblem(null);
    const res = await acceptPublicProposal(token, {
      proposal_id: p.proposal_id,
      document_sha256: p.document_sha256,
      signer_name: v.signer_name,
      chosen_line_ids: [...chosen],
      agree: v.agree,
    });
    if (res.ok) return onAnswered(res.data.proposal);
    let focused = false;
    for (const [key, message] of Object.entries(res.fields)) {
      if (key === "signer_name" || key === "agree") {
        setError(key, { message }, { shouldFocus: !focused });
        focused = true;
      }
    }
    if (!focused) setProblem(res.retryAfter ? `${res.message} ${retryAfterText(res.retryAfter)}` : res.message);
  });

  const sendDecline = decline.handleSubmit(async (v) => {
    setProblem(null);
    const res = await declinePublicProposal(token, { proposal_id: p.proposal_id, reason: v.reason || null });
    if (res.ok) return onAnswered(res.data.proposal);
    setProblem(res.message);
  });

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

      <section className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6" aria-labelledby={`${uid}-fees`}>
        <h2 id={`${uid}-fees`} className="text-lg font-semibold">
          Fees
        </h2>
        <ul className="mt-3 divide-y divide-slate-200">
          {p.lines
            .filter((l) => !l.optional)
            .map((l) => (
              <li key={l.id} className="flex justify-between gap-4 py-2">
                <span>
                  {l.name}
                  {l.quantity > 1 ? ` × ${l.quantity}` : ""}
                  {l.description ? <span className="block text-sm text-muted">{l.description}</span> : null}
                </span>
                <span className="shrink-0 text-right tabular-nums">
                  {money(l.amount)}
                  <span className="block text-sm text-muted">{BILLING_LABELS[l.billing]}</span>
                </span>
              </li>
            ))}
        </ul>
        {options.length ? (
          <fieldset className="mt-4 space-y-3 rounded-md bg-slate-50 p-3">
            <legend className="font-semibold">Optional add-ons</legend>
            {options.map((l) => (
              <div key={l.id} className="flex items-start justify-between gap-4">
                <CheckboxField
                  id={`${uid}-option-${l.id}`}
                  label={`${l.name}${l.quantity > 1 ? ` × ${l.quantity}` : ""}`}
                  hint={l.description ?? undefined}
                  labelClassName="text-base text-ink"
                  checked={chosen.has(l.id)}
                  disabled={!open}
                  onChange={(e) => {
                    const next = new Set(chosen);
                    if (e.target.checked) next.add(l.id);
                    else next.delete(l.id);
                    setChosen(next);
                  }}
                />
                <span className="shrink-0 text-right tabular-nums">
                  {money(l.amount)}
                  <span className="block text-sm text-muted">{BILLING_LABELS[l.billing]}</span>
                </span>
              </div>
            ))}
          </fieldset>
        ) : null}
        <dl className="mt-4 border-t border-slate-300 pt-3" aria-live="polite" data-testid="proposal-total">
          {sum.map((t) => (
            <div key={t.billing} className="flex justify-between gap-4 text-lg font-semibold">
              <dt>Total {BILLING_LABELS[t.billing]}</dt>
              <dd className="tabular-nums">{money(t.cents)}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-2 text-sm text-muted">Minimum term: {p.minimum_term_months ? `${p.minimum_term_months} months` : "none"}.</p>
      </section>

      {open ? (
        <section className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6" aria-labelledby={`${uid}-sign`}>
          <h2 id={`${uid}-sign`} className="text-lg font-semibold">
            Accept the proposal
          </h2>
          <form onSubmit={accept} noValidate className="mt-3 space-y-4" aria-labelledby={`${uid}-sign`}>
            <InputField
              id={`${uid}-name`}
              label="Your full name"
              autoComplete="name"
              hint="Typing your name signs the letter."
              error={formState.errors.signer_name?.message}
              {...register("signer_name")}
            />
            <div>
              <CheckboxField
                id={`${uid}-agree`}
                label="I agree to the engagement letter and the fees above"
                labelClassName="text-base text-ink"
                aria-invalid={formState.errors.agree ? true : undefined}
                aria-errormessage={formState.errors.agree ? `${uid}-agree-error` : undefined}
                {...register("agree")}
              />
              {formState.errors.agree ? (
                <p id={`${uid}-agree-error`} className="mt-1 text-sm text-red-700">
                  {formState.errors.agree.message}
                </p>
              ) : null}
            </div>
            {problem ? (
              <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
                {problem}
              </p>
            ) : null}
            <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={formState.isSubmitting}>
              {formState.isSubmitting ? "Accepting…" : "Accept"}
            </Button>
          </form>
          <div className="mt-6 border-t border-slate-200 pt-4">
            {declining ? (
              <form onSubmit={sendDecline} noValidate className="space-y-3" aria-label="Decline the proposal">
                <InputField
                  id={`${uid}-reason`}
                  as="textarea"
                  rows={3}
                  label="Why do you decline?"
                  optional
                  error={decline.formState.errors.reason?.message}
                  {...decline.register("reason")}
                />
                <div className="flex flex-wrap gap-2">
                  <Button type="submit" variant="danger" disabled={decline.formState.isSubmitting}>
                    {decline.formState.isSubmitting ? "Declining…" : "Decline the proposal"}
                  </Button>
                  <Button type="button" variant="ghost" onClick={() => setDeclining(false)}>
                    Keep it open
                  </Button>
                </div>
              </form>
            ) : (
              <Button type="button" variant="secondary" onClick={() => setDeclining(true)}>
                Decline
              </Button>
            )}
          </div>
        </section>
      ) : null}
    </article>
  );
}
