import { useEffect, useState } from "react";
import type { Route } from "./+types/proposal-sign";
import { TokenPageFrame, tokenPageHandle, tokenPageHeaders, tokenPageMeta } from "../layout/token-page.tsx";
import { retryAfterText } from "~/lib/api-client.ts";
import { getPublicProposal } from "~/features/proposals/proposals.api.ts";
import type { PublicProposal } from "~/features/proposals/proposals.types.ts";
import { ProposalView } from "~/features/proposals/components/proposal-view.tsx";

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
