import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "zod";
import { textField } from "~/lib/schema-fields.ts";
import { Button } from "~/ui/button.tsx";
import { InputField } from "~/ui/field.tsx";
import { useAction } from "~/ui/use-action.ts";
import { sendProposal } from "../proposals.api.ts";
import type { ProposalDetails } from "../proposals.types.ts";

const sendFormSchema = z.object({
  to: z.email({ error: "To must be an email address" }).max(254, "To is too long"),
  message: textField("Message", { max: 2000, multiline: true }),
});
type SendForm = z.infer<typeof sendFormSchema>;

/** Sending a proposal (or a new link to it): to whom, and a message put above the link. */
export function SendForm({ proposal, onSent }: { proposal: ProposalDetails; onSent: () => void }) {
  const { act } = useAction();
  const { register, handleSubmit, setError, formState } = useForm<SendForm>({
    resolver: zodResolver(sendFormSchema),
    defaultValues: { to: proposal.sent_to ?? proposal.client_email, message: "" },
  });
  const submit = handleSubmit(async (v) => {
    const res = await act(() => sendProposal(proposal.id, { to: v.to, message: v.message || null }), {
      failure: "Proposal not sent",
      success: `Proposal sent to ${v.to}`,
    });
    if (!res.ok) {
      for (const [key, message] of Object.entries(res.fields))
        setError(key === "message" ? "message" : "to", { message }, { shouldFocus: true });
      return;
    }
    onSent();
  });
  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="Send the proposal">
      <InputField id="send-to" label="To" type="email" error={formState.errors.to?.message} {...register("to")} />
      <InputField
        id="send-message"
        as="textarea"
        rows={3}
        label="Message"
        optional
        hint="Put in the mail above the link."
        error={formState.errors.message?.message}
        {...register("message")}
      />
      <Button type="submit" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? "Sending…" : "Send the proposal"}
      </Button>
    </form>
  );
}
