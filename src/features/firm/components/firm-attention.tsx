import { Link } from "react-router";
import type { LeadsAttention } from "~/features/leads/leads-inbox.types.ts";
import { formatCount } from "~/lib/format.ts";

function Count({ to, count, label }: { to: string; count: number; label: string }) {
  return (
    <li>
      <Link
        to={to}
        className="block rounded-lg border border-slate-200 p-5 hover:border-brand-600 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-700"
      >
        <span className="block text-3xl font-bold text-ink">{formatCount(count)}</span>
        <span className="mt-1 block text-sm font-medium text-brand-800 underline">{label}</span>
      </Link>
    </li>
  );
}

/** The firm's start page: what needs attention, each count a link to the list it counts. */
export function FirmAttention({ leads, invitations }: { leads: LeadsAttention; invitations: number }) {
  return (
    <section aria-labelledby="attention-heading" className="space-y-4">
      <h2 id="attention-heading" className="text-lg font-bold text-ink">
        Needs attention
      </h2>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Count to="/firm/leads?status=new" count={leads.newLeads} label={leads.newLeads === 1 ? "New lead" : "New leads"} />
        <Count
          to="/firm/leads?owner=none"
          count={leads.withoutOwner}
          label={leads.withoutOwner === 1 ? "Lead without an owner" : "Leads without an owner"}
        />
        <Count
          to="/firm/clients"
          count={invitations}
          label={invitations === 1 ? "Invitation to a client's books pending" : "Invitations to clients' books pending"}
        />
      </ul>
    </section>
  );
}
