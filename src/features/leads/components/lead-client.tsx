import { ButtonLink } from "~/ui/button.tsx";
import type { LeadDetail } from "../leads-inbox.types.ts";

/** A lead sent by a signed-in client: who she is, and a link to her organization in the firm's Clients section. */
export function LeadClient({ client }: { client: NonNullable<LeadDetail["client"]> }) {
  return (
    <section aria-labelledby="lead-client-heading" className="space-y-2">
      <h2 id="lead-client-heading" className="text-sm font-semibold text-ink">
        Client
      </h2>
      <p className="text-sm text-muted">
        Sent by {client.name || client.email} ({client.email}), signed in as a client of{" "}
        <span className="font-semibold text-ink">{client.organizationName}</span>.
      </p>
      <ButtonLink to={`/firm/clients/${client.organizationId}`} variant="secondary" size="sm">
        View client<span className="sr-only"> {client.organizationName}</span>
      </ButtonLink>
    </section>
  );
}
