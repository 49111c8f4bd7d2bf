import { useId } from "react";
import { useFieldArray, useForm, type FieldErrors } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useNavigate } from "react-router";
import { moneyIn } from "~/lib/format.ts";
import { toCents } from "~/lib/money.ts";
import { Button } from "~/ui/button.tsx";
import { CheckboxField, InputField } from "~/ui/field.tsx";
import { toast } from "~/ui/toast.ts";
import { useAction } from "~/ui/use-action.ts";
import { createProposal, updateProposal } from "../proposals.api.ts";
import { CataloguePicker } from "./catalogue-picker.tsx";
import {
  emptyLine,
  formFieldOf,
  lineOfItem,
  proposalBody,
  proposalFormSchema,
  proposalFormValues,
  type CataloguePick,
  type ClientChoice,
  type LeadChoice,
  type ProposalFormOutput,
  type ProposalFormValues,
} from "../proposal-form.ts";
import { BILLINGS, BILLING_LABELS, MAX_PROPOSAL_LINES, PLACEHOLDERS, type Billing } from "../proposals.schema.ts";
import type { LetterTemplate, ProposalDetails } from "../proposals.types.ts";

const leadLabel = (l: LeadChoice) => [l.name || l.email, l.company, l.name ? l.email : null].filter(Boolean).join(" · ");

/** The sum of the lines that are not optional, by billing ("$599.00 per month + $1,200.00 one-off"). */
export function totalsText(values: ProposalFormValues, currency = "USD"): string {
  const { money } = moneyIn(currency);
  const sums = new Map<Billing, bigint>();
  for (const l of values.lines) {
    const cents = toCents(String(l.price).replace(/,/g, "").trim());
    const qty = /^\d+$/.test(String(l.quantity).trim()) ? BigInt(String(l.quantity).trim()) : null;
    if (l.optional || cents === null || qty === null) continue;
    sums.set(l.billing, (sums.get(l.billing) ?? 0n) + cents * qty);
  }
  const parts = BILLINGS.filter((b) => sums.has(b)).map((b) => `${money(sums.get(b)!)} ${BILLING_LABELS[b]}`);
  return parts.length ? parts.join(" + ") : "nothing yet";
}

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
  const { register, control, handleSubmit, setValue, setError, watch, formState } = useForm<
    ProposalFormValues,
    unknown,
    ProposalFormOutput
  >({ resolver: zodResolver(proposalFormSchema), defaultValues: proposalFormValues(proposal, party) });
  const lines = useFieldArray({ control, name: "lines" });
  const values = watch();
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

      <fieldset className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
        <legend className="px-1 text-base font-semibold text-ink">Fees</legend>
        {err.lines?.message || err.lines?.root?.message ? (
          <p role="alert" className="text-sm text-red-700">
            {err.lines?.message ?? err.lines?.root?.message}
          </p>
        ) : null}
        <ol className="space-y-4">
          {lines.fields.map((field, i) => {
            const e = err.lines?.[i];
            const n = i + 1;
            return (
              <li key={field.id} className="rounded-lg border border-slate-200 p-3 sm:p-4">
                <fieldset className="space-y-3">
                  <legend className="text-sm font-semibold text-ink">Line {n}</legend>
                  <div className="grid gap-3 sm:grid-cols-[2fr_1fr_1fr_6rem]">
                    <InputField id={id(`l${i}-name`)} label="Name" error={e?.name?.message} {...register(`lines.${i}.name`)} />
                    <InputField
                      id={id(`l${i}-price`)}
                      label="Price (USD)"
                      prefix="$"
                      inputMode="decimal"
                      error={e?.price?.message}
                      {...register(`lines.${i}.price`)}
                    />
                    <InputField
                      as="select"
                      id={id(`l${i}-billing`)}
                      label="Billing"
                      error={e?.billing?.message}
                      {...register(`lines.${i}.billing`)}
                    >
                      {BILLINGS.map((b) => (
                        <option key={b} value={b}>
                          {BILLING_LABELS[b]}
                        </option>
                      ))}
                    </InputField>
                    <InputField
                      id={id(`l${i}-qty`)}
                      label="Quantity"
                      inputMode="numeric"
                      error={e?.quantity?.message}
                      {...register(`lines.${i}.quantity`)}
                    />
                  </div>
                  <InputField
                    id={id(`l${i}-description`)}
                    as="textarea"
                    rows={2}
                    label="Description"
                    optional
                    error={e?.description?.message}
                    {...register(`lines.${i}.description`)}
                  />
                  <div className="flex flex-wrap items-center justify-between gap-3">
                    <CheckboxField
                      id={id(`l${i}-optional`)}
                      label="Optional add-on"
                      hint="The client ticks it if she wants it."
                      {...register(`lines.${i}.optional`)}
                    />
                    <Button type="button" size="sm" variant="ghost" disabled={lines.fields.length === 1} onClick={() => lines.remove(i)}>
                      Remove line {n}
                    </Button>
                  </div>
                </fieldset>
              </li>
            );
          })}
        </ol>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="flex flex-wrap items-end gap-3">
            <Button
              type="button"
              size="sm"
              variant="secondary"
              disabled={lines.fields.length >= MAX_PROPOSAL_LINES}
              onClick={() => lines.append(emptyLine(), { shouldFocus: true })}
            >
              Add a line
            </Button>
            <CataloguePicker
              items={catalogue}
              currency={proposal?.currency ?? "USD"}
              disabled={lines.fields.length >= MAX_PROPOSAL_LINES}
              onPick={(item) => lines.append(lineOfItem(item), { shouldFocus: true })}
            />
          </div>
          <p className="text-sm text-ink" aria-live="polite">
            Total without add-ons: <span className="font-semibold">{totalsText(values)}</span>
          </p>
        </div>
      </fieldset>

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
          {templates.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
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
