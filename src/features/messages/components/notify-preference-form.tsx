import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Button } from "~/ui/button.tsx";
import { InputField } from "~/ui/field.tsx";
import { useAction } from "~/ui/use-action.ts";
import { NOTIFY_CHOICES, NOTIFY_LABELS, preferencesSchema, type PreferencesInput } from "../messages.schema.ts";
import { savePreferences } from "../messages.api.ts";

/**
 * How the reader hears by mail (theirs, for every conversation): PUT /api/messages/preferences. The client's people of
 * new messages; the firm's people of what their clients do (decision 115) and of their colleagues' messages.
 */
export function NotifyPreferenceForm({
  initial,
  firm = false,
  className = "mt-8 flex flex-wrap items-end gap-3 border-t border-slate-200 pt-6",
}: {
  initial: PreferencesInput;
  firm?: boolean;
  className?: string;
}) {
  const { register, handleSubmit, setError, formState } = useForm<PreferencesInput>({
    resolver: zodResolver(preferencesSchema),
    defaultValues: initial,
  });
  const { act } = useAction();
  const submit = handleSubmit(async (values) => {
    // The choice shows in its own field: nothing else on the screen reads it, so the loaders are not run again and the
    // toast says "Saved" as soon as the server has it.
    const res = await act(() => savePreferences(values), {
      failure: "Not saved",
      success: "Saved",
      description: NOTIFY_LABELS[values.notify],
      changes: false,
    });
    if (!res.ok && res.fields.notify) setError("notify", { message: res.fields.notify });
  });
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={firm ? "Mail about your clients' activity" : "Mail about new messages"}
      className={className}
    >
      <InputField
        as="select"
        id="message-notify"
        label={firm ? "Mail me when my clients answer, upload or write" : "Mail me about new messages"}
        fieldClassName={firm ? "w-full sm:w-96" : "w-full sm:w-80"}
        error={formState.errors.notify?.message}
        {...register("notify")}
      >
        {NOTIFY_CHOICES.map((c) => (
          <option key={c} value={c}>
            {NOTIFY_LABELS[c]}
          </option>
        ))}
      </InputField>
      <Button type="submit" variant="secondary" disabled={formState.isSubmitting}>
        Save
      </Button>
    </form>
  );
}
