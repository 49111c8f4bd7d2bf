import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "zod";
import { retryAfterText } from "~/lib/api-client.ts";
import { requiredTextField, textField } from "~/lib/schema-fields.ts";
import { Button } from "~/ui/button.tsx";
import { CheckboxField, InputField } from "~/ui/field.tsx";
import { acceptPublicProposal, declinePublicProposal } from "../proposals.api.ts";
import type { PublicProposal } from "../proposals.types.ts";

const signSchema = z.object({
  signer_name: requiredTextField("Full name", { max: 200 }).refine((v) => /\S+\s+\S+/.test(v), "Type your full name (first and last)"),
  agree: z.boolean().refine((v) => v, "Tick the box to accept the letter"),
});
type SignForm = { signer_name: string; agree: boolean };

const declineSchema = z.object({ reason: textField("Reason", { max: 2000, multiline: true }) });

/**
 * An open proposal answered by its client: accepted with her typed full name and her agreement (posting back the
 * document's SHA-256 she was shown and the add-ons ticked), or declined with an optional reason.
 */
export function ProposalAnswer({
  proposal: p,
  token,
  chosen,
  onAnswered,
}: {
  proposal: PublicProposal;
  token: string;
  chosen: Set<number>;
  onAnswered: (p: PublicProposal) => void;
}) {
  const uid = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const [declining, setDeclining] = useState(false);
  const { register, handleSubmit, setError, formState } = useForm<SignForm, unknown, z.output<typeof signSchema>>({
    resolver: zodResolver(signSchema),
    defaultValues: { signer_name: "", agree: false },
  });
  const decline = useForm<{ reason: string }>({ resolver: zodResolver(declineSchema), defaultValues: { reason: "" } });

  const accept = handleSubmit(async (v) => {
    setProblem(null);
    const res = await acceptPublicProposal(token, {
      proposal_id: p.proposal_id,
      document_sha256: p.document_sha256,
      signer_name: v.signer_name,
      chosen_line_ids: [...chosen],
      agree: v.agree,
    });
    if (res.ok) return onAnswered(res.data.proposal);
    let focused = false;
    for (const [key, message] of Object.entries(res.fields)) {
      if (key === "signer_name" || key === "agree") {
        setError(key, { message }, { shouldFocus: !focused });
        focused = true;
      }
    }
    if (!focused) setProblem(res.retryAfter ? `${res.message} ${retryAfterText(res.retryAfter)}` : res.message);
  });

  const sendDecline = decline.handleSubmit(async (v) => {
    setProblem(null);
    const res = await declinePublicProposal(token, { proposal_id: p.proposal_id, reason: v.reason || null });
    if (res.ok) return onAnswered(res.data.proposal);
    setProblem(res.message);
  });

  return (
    <section className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6" aria-labelledby={`${uid}-sign`}>
      <h2 id={`${uid}-sign`} className="text-lg font-semibold">
        Accept the proposal
      </h2>
      <form onSubmit={accept} noValidate className="mt-3 space-y-4" aria-labelledby={`${uid}-sign`}>
        <InputField
          id={`${uid}-name`}
          label="Your full name"
          autoComplete="name"
          hint="Typing your name signs the letter."
          error={formState.errors.signer_name?.message}
          {...register("signer_name")}
        />
        <div>
          <CheckboxField
            id={`${uid}-agree`}
            label="I agree to the engagement letter and the fees above"
            labelClassName="text-base text-ink"
            aria-invalid={formState.errors.agree ? true : undefined}
            aria-errormessage={formState.errors.agree ? `${uid}-agree-error` : undefined}
            {...register("agree")}
          />
          {formState.errors.agree ? (
            <p id={`${uid}-agree-error`} className="mt-1 text-sm text-red-700">
              {formState.errors.agree.message}
            </p>
          ) : null}
        </div>
        {problem ? (
          <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
            {problem}
          </p>
        ) : null}
        <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? "Accepting…" : "Accept"}
        </Button>
      </form>
      <div className="mt-6 border-t border-slate-200 pt-4">
        {declining ? (
          <form onSubmit={sendDecline} noValidate className="space-y-3" aria-label="Decline the proposal">
            <InputField
              id={`${uid}-reason`}
              as="textarea"
              rows={3}
              label="Why do you decline?"
              optional
              error={decline.formState.errors.reason?.message}
              {...decline.register("reason")}
            />
            <div className="flex flex-wrap gap-2">
              <Button type="submit" variant="danger" disabled={decline.formState.isSubmitting}>
                {decline.formState.isSubmitting ? "Declining…" : "Decline the proposal"}
              </Button>
              <Button type="button" variant="ghost" onClick={() => setDeclining(false)}>
                Keep it open
              </Button>
            </div>
          </form>
        ) : (
          <Button type="button" variant="secondary" onClick={() => setDeclining(true)}>
            Decline
          </Button>
        )}
      </div>
    </section>
  );
}
