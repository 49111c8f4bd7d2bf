import { useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Button, ButtonLink } from "~/ui/button.tsx";
import { InputField } from "~/ui/field.tsx";
import { Modal } from "~/ui/modal.tsx";
import { leadConvertSchema, type LeadConvertForm, type LeadConvertInput } from "../leads-inbox.schema.ts";
import type { LeadDetail } from "../leads-inbox.types.ts";
import { convertLead } from "../leads.api.ts";
import { useAction } from "~/ui/use-action.ts";

/**
 * Convert to client: makes the client's organization from the lead (its company name, editable; its currency and
 * first chart chosen), invites the
 * lead's email as owner and adds the staff member as accountant. Once converted, a link to the client's books.
 */
export function LeadConvert({ lead }: { lead: LeadDetail }) {
  const [open, setOpen] = useState(false);
  const { act } = useAction();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LeadConvertForm, unknown, LeadConvertInput>({
    resolver: zodResolver(leadConvertSchema),
    defaultValues: { companyName: lead.company ?? "", currency: "USD", chart: "standard" },
  });

  if (lead.organizationId !== null) {
    return (
      <section aria-labelledby="lead-client-heading" className="space-y-2">
        <h2 id="lead-client-heading" className="text-sm font-semibold text-ink">
          Client
        </h2>
        <p className="text-sm text-muted">Converted to a client. {lead.email} was invited as the owner of its books.</p>
        <ButtonLink to={`/accounting/${lead.organizationId}`} variant="secondary" size="sm">
          Open books
        </ButtonLink>
      </section>
    );
  }
  if (lead.spam) return null;

  async function onValid(values: LeadConvertInput) {
    const res = await act(() => convertLead(lead.id, values), {
      failure: "Not converted",
      success: `Converted to a client: an invitation was sent to ${lead.email}`,
    });
    if (res.ok) setOpen(false);
  }

  return (
    <Modal
      open={open}
      onOpenChange={setOpen}
      title="Convert to client"
      description={`Creates the client's books in the currency and with the chart of accounts you choose, invites ${lead.email} as their owner, adds you as accountant and marks the lead won.`}
      dismissOnOutsideClick={false}
      trigger={<Button size="sm">Convert to client</Button>}
    >
      <form noValidate onSubmit={(e) => void handleSubmit(onValid)(e)} className="space-y-4">
        <InputField
          id="convert-company"
          label="Company name"
          autoComplete="organization"
          maxLength={200}
          error={errors.companyName?.message}
          {...register("companyName")}
        />
        <InputField
          id="convert-currency"
          label="Currency of the books"
          hint="Three letters, such as USD or EUR. It can change until something is posted."
          maxLength={3}
          autoCapitalize="characters"
          fieldClassName="max-w-xs"
          error={errors.currency?.message}
          {...register("currency")}
        />
        <InputField as="select" id="convert-chart" label="Chart of accounts" error={errors.chart?.message} {...register("chart")}>
          <option value="standard">The standard chart</option>
          <option value="empty">An empty chart (to import the client's own)</option>
        </InputField>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="ghost" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={isSubmitting}>
            Convert
          </Button>
        </div>
      </form>
    </Modal>
  );
}
