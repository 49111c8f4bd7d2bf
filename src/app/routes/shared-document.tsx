import { useEffect, useState } from "react";
import type { Route } from "./+types/shared-document";
import { TokenPageFrame, tokenPageHandle, tokenPageHeaders, tokenPageMeta } from "../layout/token-page.tsx";
import { retryAfterText } from "~/lib/api-client.ts";
import { getSharedDocument } from "~/features/sales/sharing.api.ts";
import type { SharedDocument } from "~/features/sales/sharing.types.ts";
import { SharedDocumentView } from "~/features/sales/components/shared-document-view.tsx";

/*
 * /shared/document/:token: the page a customer opens from the link in her mail, without an account (decision 116). It
 * asks the one public route of its link (GET /api/shared/documents/:token) for the document and shows it with a button
 * to download its PDF; nothing else of the site is on it (no navigation), it is never indexed, and its address (the
 * secret in it) is never sent on as a referrer. An unknown, expired or revoked link shows "not found".
 */

export const meta: Route.MetaFunction = () => tokenPageMeta("Your document");

export const headers: Route.HeadersFunction = tokenPageHeaders;

export const handle = tokenPageHandle;

export function loader({ params }: Route.LoaderArgs) {
  return { token: params.token };
}

type Loaded =
  { kind: "loading" } | { kind: "found"; document: SharedDocument } | { kind: "not-found" } | { kind: "failed"; message: string };

export default function SharedDocumentPage({ loaderData }: Route.ComponentProps) {
  const { token } = loaderData;
  const [state, setState] = useState<Loaded>({ kind: "loading" });
  useEffect(() => {
    const controller = new AbortController();
    void getSharedDocument(token).then((res) => {
      if (controller.signal.aborted) return;
      if (res.ok) setState({ kind: "found", document: res.data.document });
      else if (res.status === 404) setState({ kind: "not-found" });
      else setState({ kind: "failed", message: res.retryAfter ? `${res.message} ${retryAfterText(res.retryAfter)}` : res.message });
    });
    return () => controller.abort();
  }, [token]);
  useEffect(() => {
    if (state.kind === "found") document.title = `${state.document.title} ${state.document.number} from ${state.document.from.name}`;
    else if (state.kind === "not-found") document.title = "Document not found";
  }, [state]);

  return (
    <TokenPageFrame
      padding="py-6"
      found={state.kind === "found" ? <SharedDocumentView document={state.document} token={token} /> : null}
      loading={state.kind === "loading" ? "Opening the document…" : null}
      heading={state.kind === "not-found" ? "Document not found" : "The document could not be opened"}
      text={
        state.kind === "failed"
          ? state.message
          : "This link does not open a document: it may have expired or been revoked. Ask the business that sent it for a new one."
      }
      textClass="text-muted"
    />
  );
}
