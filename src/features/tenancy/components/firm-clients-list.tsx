import { useId, useState } from "react";
import { Link } from "react-router";
import { toast } from "~/ui/toast.ts";
import { Button, buttonClass } from "~/ui/button.tsx";
import { InputField } from "~/ui/field.tsx";
import { useAction } from "~/ui/use-action.ts";
import type { FirmClient, FirmClientDetail, StaffMember } from "../tenancy.types.ts";
import { addAccountant } from "../members.api.ts";
import { ClientFacts } from "./client-facts.tsx";

/** One client organization: its people, its last posted entry and drafts; open its books, or (admins) add staff. */
function ClientCard({
  client,
  staff,
  onChanged,
  alone = false,
}: {
  client: FirmClient;
  staff: StaffMember[] | null;
  onChanged: (c: FirmClient) => void;
  /** Shown on its own page (/firm/clients/:orgId): its name is not a link to itself. */
  alone?: boolean;
}) {
  const id = useId();
  const [chosen, setChosen] = useState("");
  const { act, pending } = useAction();
  const owners = client.members.filter((m) => m.role === "owner");
  const candidates = staff?.filter((s) => !client.members.some((m) => m.user_id === s.id)) ?? [];

  async function add() {
    if (!chosen) return;
    const res = await act(() => addAccountant(client.id, chosen), { failure: "Staff member not added" });
    if (!res.ok) return;
    onChanged(res.data.client);
    setChosen("");
    toast.success("Accountant added", {
      description: `${staff?.find((s) => s.id === chosen)?.name ?? "The staff member"} now keeps the books of ${client.name}.`,
    });
  }

  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4" aria-labelledby={`${id}-name`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={`${id}-name`} className="text-lg font-bold text-ink">
            {alone ? client.name : <Link to={`/firm/clients/${client.id}`}>{client.name}</Link>}
          </h2>
          <p className="text-sm text-muted">
            Owner: {owners.length ? owners.map((o) => `${o.name} (${o.email})`).join(", ") : "invitation pending"}
          </p>
        </div>
        {client.is_member ? (
          <span className="flex flex-wrap gap-2">
            <Link to={`/firm/messages/${client.id}`} className={buttonClass("secondary", "sm")}>
              Messages<span className="sr-only"> with {client.name}</span>
            </Link>
            <Link to={`/firm/requests?client=${client.id}`} className={buttonClass("secondary", "sm")}>
              Requests<span className="sr-only"> of {client.name}</span>
            </Link>
            <Link to={`/accounting/${client.id}`} className={buttonClass("primary", "sm")}>
              Open books<span className="sr-only"> of {client.name}</span>
            </Link>
          </span>
        ) : !client.firm_access ? (
          <p className="max-w-xs text-sm text-muted">
            <span className="inline-flex whitespace-nowrap rounded-full bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-inset ring-amber-200">
              No firm access
            </span>{" "}
            No one at the firm is a member of these books: only an owner can invite the firm again.
          </p>
        ) : null}
      </div>
      <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-3">
        <div>
          <dt className="font-semibold text-ink">Members</dt>
          <dd className="text-muted">{client.members.map((m) => `${m.name} · ${m.role}`).join(", ") || "none"}</dd>
        </div>
        <div>
          <dt className="font-semibold text-ink">Last posted entry</dt>
          <dd className="text-muted">
            {client.last_posted ? `${client.last_posted.entry_number} of ${client.last_posted.entry_date}` : "none yet"}
          </dd>
        </div>
        <div>
          <dt className="font-semibold text-ink">Drafts</dt>
          <dd className="text-muted">{client.drafts}</dd>
        </div>
      </dl>
      {staff && candidates.length ? (
        <div className="mt-3 flex flex-wrap items-end gap-2">
          <InputField
            as="select"
            id={`${id}-staff`}
            label="Add as accountant"
            fieldClassName="w-64 max-w-full"
            value={chosen}
            onChange={(e) => setChosen(e.target.value)}
          >
            <option value="">Choose a staff member</option>
            {candidates.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name} ({s.email})
              </option>
            ))}
          </InputField>
          <Button size="sm" variant="secondary" disabled={!chosen || pending} onClick={() => void add()}>
            {pending ? "Adding..." : "Add"}
            <span className="sr-only"> to {client.name}</span>
          </Button>
        </div>
      ) : null}
    </li>
  );
}

/** /firm/clients/:orgId: one client organization (lead pages link here): its people, its books' facts, its open work. */
export function FirmClientView({ detail, staff }: { detail: FirmClientDetail; staff: StaffMember[] | null }) {
  const [client, setClient] = useState(detail.client);
  return (
    <div>
      <Link to="/firm/clients" className="text-sm font-medium text-brand-800 underline">
        ← All clients
      </Link>
      <h1 className="sr-only">{client.name}</h1>
      <ul className="mt-4">
        <ClientCard client={client} staff={staff} alone onChanged={setClient} />
      </ul>
      <ClientFacts detail={detail} />
    </div>
  );
}
