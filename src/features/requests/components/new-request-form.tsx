import { useFieldArray, useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useNavigate } from "react-router";
import { Button } from "~/ui/button.tsx";
import { CheckboxField, FieldError, InputField } from "~/ui/field.tsx";
import { MAX_REQUEST_ITEMS, newRequestSchema, type NewRequestForm, type NewRequestInput } from "../requests.schema.ts";
import { sendRequest } from "../requests.api.ts";
import { useAction } from "~/ui/use-action.ts";

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

/** The firm's new request: a title, a message, the items with their due dates, and the reminders' schedule. */
export function NewRequestForm({ orgId, onSent }: { orgId: number; onSent: () => void }) {
  const { act } = useAction();
  const navigate = useNavigate();
  const { register, control, handleSubmit, setError, formState } = useForm<NewRequestForm, unknown, NewRequestInput>({
    resolver: zodResolver(newRequestSchema),
    defaultValues: {
      title: "",
      message: "",
      items: [{ label: "", due_on: inDays(7) }],
      remind_days_before: "2",
      remind_on_due: true,
      remind_every_days: "3",
    } as NewRequestForm,
  });
  const items = useFieldArray({ control, name: "items" });
  const errors = formState.errors;
  const submit = handleSubmit(async (input) => {
    const res = await act(() => sendRequest(orgId, input), { failure: "Request not sent", success: "Request sent" });
    if (!res.ok) {
      for (const [key, message] of Object.entries(res.fields)) setError(key as keyof NewRequestForm, { message });
      return;
    }
    onSent();
    void navigate(`/accounting/${orgId}/requests/${res.data.request.id}`);
  });
  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="New request">
      <InputField id="request-title" label="Title" error={errors.title?.message} {...register("title")} />
      <InputField
        id="request-message"
        as="textarea"
        rows={3}
        label="Message"
        optional
        error={errors.message?.message}
        {...register("message")}
      />
      <fieldset className="space-y-3">
        <legend className="text-sm font-semibold text-ink">Items</legend>
        {items.fields.map((field, i) => (
          <div key={field.id} className="grid gap-3 rounded-md border border-slate-200 p-3 sm:grid-cols-[1fr_11rem_auto] sm:items-end">
            <InputField
              id={`item-${i}-label`}
              label={`Item ${i + 1}: what is needed`}
              error={errors.items?.[i]?.label?.message}
              {...register(`items.${i}.label`)}
            />
            <InputField
              id={`item-${i}-due`}
              type="date"
              label={`Item ${i + 1}: due date`}
              error={errors.items?.[i]?.due_on?.message}
              {...register(`items.${i}.due_on`)}
            />
            <Button type="button" variant="ghost" size="sm" disabled={items.fields.length === 1} onClick={() => items.remove(i)}>
              Remove item {i + 1}
            </Button>
          </div>
        ))}
        <FieldError id="request-items-error" message={errors.items?.message ?? errors.items?.root?.message} />
        <Button
          type="button"
          variant="secondary"
          size="sm"
          disabled={items.fields.length >= MAX_REQUEST_ITEMS}
          onClick={() => items.append({ label: "", due_on: inDays(7) })}
        >
          Add an item
        </Button>
      </fieldset>
      <fieldset className="grid gap-3 sm:grid-cols-3">
        <legend className="mb-2 text-sm font-semibold text-ink">Reminders to the client while items are to do</legend>
        <InputField
          id="remind-before"
          type="number"
          min={1}
          max={30}
          label="Days before the due date"
          optional
          error={errors.remind_days_before?.message}
          {...register("remind_days_before")}
        />
        <CheckboxField id="remind-on-due" label="On the due date" {...register("remind_on_due")} />
        <InputField
          id="remind-every"
          type="number"
          min={1}
          max={30}
          label="Then every (days)"
          optional
          error={errors.remind_every_days?.message}
          {...register("remind_every_days")}
        />
      </fieldset>
      <Button type="submit" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? "Sending..." : "Send request"}
      </Button>
    </form>
  );
}
