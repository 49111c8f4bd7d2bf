import type { UseFormReturn } from "react-hook-form";
import { InputField } from "~/ui/field.tsx";
import type { ClientChoice, LeadChoice, ProposalFormOutput, ProposalFormValues } from "../proposal-form.ts";
import type { ProposalDetails } from "../proposals.types.ts";

/* The proposal form's first two fieldsets: for whom (a lead or a client, the addressee) and the terms. */

type Form = UseFormReturn<ProposalFormValues, unknown, ProposalFormOutput>;

const leadLabel = (l: LeadChoice) => [l.name || l.email, l.company, l.name ? l.email : null].filter(Boolean).join(" · ");

/** The lead or client the proposal is for, and the addressee when not the lead's or the owner's. */
export function ProposalPartyFields({
  form,
  id,
  leads,
  clients,
  currentLead,
}: {
  form: Form;
  id: (name: string) => string;
  leads: LeadChoice[];
  clients: ClientChoice[];
  /** A lead already chosen but no longer open (won meanwhile): choosable as it is. */
  currentLead: ProposalDetails | null;
}) {
  const { register, formState } = form;
  const err = formState.errors;
  return (
    <fieldset className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
      <legend className="px-1 text-base font-semibold text-ink">For whom</legend>
      <InputField as="select" id={id("party")} label="Lead or client" error={err.party?.message} {...register("party")}>
        <option value="">Choose…</option>
        <optgroup label="Leads">
          {currentLead ? <option value={`lead:${currentLead.lead_id}`}>{currentLead.client_name}</option> : null}
          {leads.map((l) => (
            <option key={l.id} value={`lead:${l.id}`}>
              {leadLabel(l)}
            </option>
          ))}
        </optgroup>
        <optgroup label="Clients">
          {clients.map((c) => (
            <option key={c.id} value={`org:${c.id}`}>
              {c.name}
            </option>
          ))}
        </optgroup>
      </InputField>
      <div className="grid gap-4 sm:grid-cols-3">
        <InputField
          id={id("client-name")}
          label="Client's name"
          optional
          hint="Empty: the lead's, or the client's owner."
          error={err.client_name?.message}
          {...register("client_name")}
        />
        <InputField
          id={id("client-email")}
          label="Client's email"
          type="email"
          optional
          hint="Empty: the lead's, or the owner's."
          error={err.client_email?.message}
          {...register("client_email")}
        />
        <InputField id={id("company")} label="Company" optional error={err.company?.message} {...register("company")} />
      </div>
    </fieldset>
  );
}

/** Title, start, minimum term, validity and reminders. */
export function ProposalTermsFields({ form, id }: { form: Form; id: (name: string) => string }) {
  const { register, formState } = form;
  const err = formState.errors;
  return (
    <fieldset className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
      <legend className="px-1 text-base font-semibold text-ink">Terms</legend>
      <InputField id={id("title")} label="Title" maxLength={200} error={err.title?.message} {...register("title")} />
      <div className="grid gap-4 sm:grid-cols-3">
        <InputField id={id("start")} label="Start date" type="date" error={err.start_date?.message} {...register("start_date")} />
        <InputField
          id={id("term")}
          label="Minimum term (months)"
          inputMode="numeric"
          hint="0 for none."
          error={err.minimum_term_months?.message}
          {...register("minimum_term_months")}
        />
        <InputField
          id={id("expires")}
          label="Valid until"
          type="date"
          hint="The link stops working after this day."
          error={err.expires_on?.message}
          {...register("expires_on")}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <InputField
          id={id("remind-every")}
          label="Remind every (days)"
          inputMode="numeric"
          hint="Until she answers; 0 for no reminders."
          error={err.reminder_every_days?.message}
          {...register("reminder_every_days")}
        />
        <InputField
          id={id("reminders")}
          label="Reminders at most"
          inputMode="numeric"
          error={err.max_reminders?.message}
          {...register("max_reminders")}
        />
      </div>
    </fieldset>
  );
}
