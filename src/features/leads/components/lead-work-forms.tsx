import { useState, type FormEvent } from "react";
import { useRevalidator } from "react-router";
import { toast } from "sonner";
import { request } from "~/lib/api-client.ts";
import { Button } from "~/ui/button.tsx";
import { Field, inputClass } from "~/ui/field.tsx";
import { toastFailure } from "~/ui/toast-failure.ts";
import { LEAD_STATUS_LABELS, LEAD_STATUSES, type LeadStatus } from "../leads-inbox.schema.ts";
import type { LeadDetail } from "../leads-inbox.types.ts";

/** Sends one change of a lead and reloads the page's data; false when it failed (told in a toast). */
export function useLeadChange(leadId: string) {
  const { revalidate } = useRevalidator();
  const [busy, setBusy] = useState(false);
  async function send(path: string, json: unknown, done: string): Promise<boolean> {
    setBusy(true);
    const res = await request(`/api/firm/leads/${leadId}/${path}`, { json });
    setBusy(false);
    if (!res.ok) {
      toastFailure(res);
      return false;
    }
    toast.success(done);
    await revalidate();
    return true;
  }
  return { send, busy };
}

/** The lead's status and owner, each changed with its own button. */
export function LeadWorkForms({ lead, me }: { lead: LeadDetail; me: string }) {
  const { send, busy } = useLeadChange(lead.id);
  const [status, setStatus] = useState<LeadStatus>(lead.status);
  const [owner, setOwner] = useState(lead.owner?.id ?? "");

  const saveStatus = (e: FormEvent) => {
    e.preventDefault();
    void send("status", { status }, `Status: ${LEAD_STATUS_LABELS[status]}`);
  };
  const saveOwner = (e: FormEvent) => {
    e.preventDefault();
    void send("owner", { ownerId: owner || null }, owner ? "Owner saved" : "Owner removed");
  };
  const takeOwnership = () => {
    setOwner(me);
    void send("owner", { ownerId: me }, "You own this lead");
  };

  return (
    <div className="space-y-5">
      <form onSubmit={saveStatus} className="space-y-2" aria-label="Status">
        <Field id="lead-status" label="Status" showOptional={false}>
          <select id="lead-status" value={status} onChange={(e) => setStatus(e.target.value as LeadStatus)} className={inputClass}>
            {LEAD_STATUSES.map((s) => (
              <option key={s} value={s}>
                {LEAD_STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </Field>
        <Button type="submit" size="sm" disabled={busy || status === lead.status}>
          Save status
        </Button>
      </form>
      <form onSubmit={saveOwner} className="space-y-2" aria-label="Owner">
        <Field id="lead-owner" label="Owner" showOptional={false}>
          <select id="lead-owner" value={owner} onChange={(e) => setOwner(e.target.value)} className={inputClass}>
            <option value="">No owner</option>
            {lead.owners.map((o) => (
              <option key={o.id} value={o.id}>
                {o.name || o.email}
              </option>
            ))}
          </select>
        </Field>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" size="sm" disabled={busy || owner === (lead.owner?.id ?? "")}>
            Save owner
          </Button>
          {lead.owner?.id !== me ? (
            <Button variant="secondary" size="sm" disabled={busy} onClick={takeOwnership}>
              Take ownership
            </Button>
          ) : null}
        </div>
      </form>
    </div>
  );
}
