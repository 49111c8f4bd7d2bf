import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Button } from "~/ui/button.tsx";
import { InputField } from "~/ui/field.tsx";
import { formatWhen } from "../lead-format.ts";
import { leadNoteSchema, type LeadNoteInput } from "../leads-inbox.schema.ts";
import type { LeadNote } from "../leads-inbox.types.ts";
import { addLeadNote } from "../leads.api.ts";
import { useAction } from "~/ui/use-action.ts";

const HINT = "Only the firm sees notes.";

/** The firm's internal notes on a lead, newest first, and the form that adds one. */
export function LeadNotes({ leadId, notes }: { leadId: string; notes: LeadNote[] }) {
  const { act } = useAction();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<LeadNoteInput>({ resolver: zodResolver(leadNoteSchema), defaultValues: { body: "" } });

  async function onValid(values: LeadNoteInput) {
    const res = await act(() => addLeadNote(leadId, values), { failure: "Note not added", success: "Note added" });
    if (res.ok) reset({ body: "" });
  }

  return (
    <section aria-labelledby="lead-notes-heading" className="space-y-4">
      <h2 id="lead-notes-heading" className="text-lg font-bold text-ink">
        Internal notes
      </h2>
      <form noValidate onSubmit={(e) => void handleSubmit(onValid)(e)} className="space-y-2">
        <InputField
          as="textarea"
          id="lead-note"
          label="New note"
          hint={HINT}
          error={errors.body?.message}
          rows={3}
          maxLength={5000}
          {...register("body")}
        />
        <Button type="submit" size="sm" disabled={isSubmitting}>
          Add note
        </Button>
      </form>
      {notes.length === 0 ? (
        <p className="text-sm text-muted">No notes yet.</p>
      ) : (
        <ul className="space-y-3">
          {notes.map((n) => (
            <li key={n.id} className="rounded-md border border-slate-200 bg-white p-3">
              <p className="whitespace-pre-wrap break-words text-sm text-ink">{n.body}</p>
              <p className="mt-1 text-xs text-slate-600">
                {n.author ?? "Someone"} · {formatWhen(n.createdAt)}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
