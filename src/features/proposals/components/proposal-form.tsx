import { useId } from "react";
import { useFieldArray, useForm, type FieldErrors } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useNavigate } from "react-router";
import { Button } from "~/ui/button.tsx";
import { InputField } from "~/ui/field.tsx";
import { NamedOptions } from "~/ui/named-options.tsx";
import { toast } from "~/ui/toast.ts";
import { useAction } from "~/ui/use-action.ts";
import { createProposal, updateProposal } from "../proposals.api.ts";
import { ProposalFeeLines } from "./proposal-fee-lines.tsx";
import { ProposalPartyFields, ProposalTermsFields } from "./proposal-form-parts.tsx";
import {
  formFieldOf,
  proposalBody,
  proposalFormSchema,
  proposalFormValues,
  type CataloguePick,
  type ClientChoice,
  type LeadChoice,
  type ProposalFormOutput,
  type ProposalFormValues,
} from "../proposal-form.ts";
import { PLACEHOLDERS } from "../proposals.schema.ts";
import type { LetterTemplate, ProposalDetails } from "../proposals.types.ts";

/**
 * Composing a proposal (decision 118): for a lead or a client, its title and addressee, the terms, the letter (from a
 * template, editable) and the lines as typed, each with its billing and whether it is an add-on the client may tick.
 * Saved as a draft; sending is done from its page.
 */
export function ProposalForm({
  proposal,
  leads,
  clients,
  templates,
  catalogue = [],
  party = "",
}: {
  proposal: ProposalDetails | null;
  leads: LeadChoice[];
  clients: ClientChoice[];
  templates: LetterTemplate[];
  catalogue?: CataloguePick[];
  party?: string;
}) {
  const uid = useId();
  const id = (name: string) => `${uid}-${name}`;
  const navigate = useNavigate();
  const { act } = useAction();
  const form = useForm<ProposalFormValues, unknown, ProposalFormOutput>({
    resolver: zodResolver(proposalFormSchema),
    defaultValues: proposalFormValues(proposal, party),
  });
  const { register, control, handleSubmit, setValue, setError, formState } = form;
  const lines = useFieldArray({ control, name: "lines" });
  const err = formState.errors;
  // A lead already chosen but no longer open (won meanwhile) stays choosable as it is.
  const currentLead = proposal?.lead_id && !leads.some((l) => l.id === proposal.lead_id) ? proposal : null;

  const save = handleSubmit(
    async (v) => {
      const body = proposalBody(v);
      const res = await act(() => (proposal ? updateProposal(proposal.id, body) : createProposal(body)), {
        failure: proposal ? "Proposal not saved" : "Proposal not made",
        success: proposal ? "Proposal saved" : "Draft proposal made",
        description: "Send it when it is ready.",
      });
      if (!res.ok) {
        let focus = true;
        for (const [name, message] of Object.entries(res.fields)) {
          setError(formFieldOf(name) as keyof ProposalFormValues, { message }, { shouldFocus: focus });
          focus = false;
        }
        return;
      }
      if (!proposal) void navigate(`/firm/proposals/${res.data.proposal.id}`);
    },
    (errors: FieldErrors<ProposalFormValues>) => {
      toast.error(proposal ? "Proposal not saved" : "Proposal not made", { description: "Check the fields marked." });
      void errors;
    },
  );

  function chooseTemplate(templateId: string) {
    setValue("template_id", templateId, { shouldDirty: true });
    const t = templates.find((x) => String(x.id) === templateId);
    if (t) setValue("letter", t.body, { shouldDirty: true });
  }

  const templateField = register("template_id");
  return (
    <form onSubmit={save} noValidate className="space-y-6" aria-label={proposal ? `Edit ${proposal.title}` : "New proposal"}>
      <ProposalPartyFields form={form} id={id} leads={leads} clients={clients} currentLead={currentLead} />

      <ProposalTermsFields form={form} id={id} />

      <ProposalFeeLines form={form} lines={lines} catalogue={catalogue} currency={proposal?.currency ?? "USD"} id={id} />

      <fieldset className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
        <legend className="px-1 text-base font-semibold text-ink">Engagement letter</legend>
        <InputField
          as="select"
          id={id("template")}
          label="Letter template"
          optional
          hint="Choosing one puts its text in the letter below, to edit for this client."
          error={err.template_id?.message}
          {...templateField}
          onChange={(e) => chooseTemplate(e.target.value)}
        >
          <option value="">None</option>
          <NamedOptions items={templates} />
        </InputField>
        <InputField
          as="textarea"
          id={id("letter")}
          rows={10}
          label="Letter"
          optional
          hint={`Placeholders filled in when sent: ${PLACEHOLDERS.map((p) => `{{${p}}}`).join(", ")}. Without {{fees}}, the fees follow the letter.`}
          error={err.letter?.message}
          {...register("letter")}
        />
      </fieldset>

      <Button type="submit" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? "Saving…" : proposal ? "Save the draft" : "Make the draft"}
      </Button>
    </form>
  );
}
