import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "zod";
import { Button } from "~/ui/button.tsx";
import { InputField } from "~/ui/field.tsx";
import { useAction } from "~/ui/use-action.ts";
import {
  LEAD_STATUS_LABELS,
  LEAD_STATUSES,
  leadOwnerSchema,
  leadStatusSchema,
  type LeadOwnerInput,
  type LeadStatusInput,
} from "../leads-inbox.schema.ts";
import type { LeadDetail } from "../leads-inbox.types.ts";
import { setLeadOwner, setLeadStatus } from "../leads.api.ts";

/** The owner form's rules: "No owner" is the empty choice, sent as null; then the API's own (leadOwnerSchema). */
const ownerFormSchema = z
  .object({ ownerId: z.string() })
  .transform((v) => ({ ownerId: v.ownerId || null }))
  .pipe(leadOwnerSchema);

/** The lead's status and owner, each changed with its own button. */
export function LeadWorkForms({ lead, me }: { lead: LeadDetail; me: string }) {
  const { act, pending } = useAction();
  const status = useForm<LeadStatusInput>({ resolver: zodResolver(leadStatusSchema), defaultValues: { status: lead.status } });
  const owner = useForm<{ ownerId: string }, unknown, LeadOwnerInput>({
    resolver: zodResolver(ownerFormSchema),
    defaultValues: { ownerId: lead.owner?.id ?? "" },
  });
  const chosenStatus = status.watch("status");
  const chosenOwner = owner.watch("ownerId");

  const saveStatus = status.handleSubmit((data) =>
    act(() => setLeadStatus(lead.id, data), { failure: "Status not saved", success: `Status: ${LEAD_STATUS_LABELS[data.status]}` }),
  );
  const saveOwner = owner.handleSubmit((data) =>
    act(() => setLeadOwner(lead.id, data), { failure: "Owner not saved", success: data.ownerId ? "Owner saved" : "Owner removed" }),
  );
  const takeOwnership = () => {
    owner.setValue("ownerId", me);
    void act(() => setLeadOwner(lead.id, { ownerId: me }), { failure: "Owner not saved", success: "You own this lead" });
  };

  return (
    <div className="space-y-5">
      <form onSubmit={(e) => void saveStatus(e)} className="space-y-2" aria-label="Status">
        <InputField as="select" id="lead-status" label="Status" {...status.register("status")}>
          {LEAD_STATUSES.map((s) => (
            <option key={s} value={s}>
              {LEAD_STATUS_LABELS[s]}
            </option>
          ))}
        </InputField>
        <Button type="submit" size="sm" disabled={pending || chosenStatus === lead.status}>
          Save status
        </Button>
      </form>
      <form onSubmit={(e) => void saveOwner(e)} className="space-y-2" aria-label="Owner">
        <InputField as="select" id="lead-owner" label="Owner" {...owner.register("ownerId")}>
          <option value="">No owner</option>
          {lead.owners.map((o) => (
            <option key={o.id} value={o.id}>
              {o.name || o.email}
            </option>
          ))}
        </InputField>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" size="sm" disabled={pending || chosenOwner === (lead.owner?.id ?? "")}>
            Save owner
          </Button>
          {lead.owner?.id !== me ? (
            <Button variant="secondary" size="sm" disabled={pending} onClick={takeOwnership}>
              Take ownership
            </Button>
          ) : null}
        </div>
      </form>
    </div>
  );
}
