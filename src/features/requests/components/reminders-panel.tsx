import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Button } from "~/ui/button.tsx";
import { InputField } from "~/ui/field.tsx";
import { snoozeSchema, type SnoozeInput } from "../requests.schema.ts";
import type { DocumentRequest } from "../requests.types.ts";
import { snoozeReminders } from "../requests.api.ts";
import { useAction } from "~/ui/use-action.ts";
import { formatDateTime } from "~/lib/format.ts";

function scheduleText(r: DocumentRequest): string {
  const parts = [
    r.remind_days_before ? `${r.remind_days_before} day${r.remind_days_before === 1 ? "" : "s"} before the due date` : null,
    r.remind_on_due ? "on the due date" : null,
    r.remind_every_days ? `every ${r.remind_every_days} day${r.remind_every_days === 1 ? "" : "s"} after it` : null,
  ].filter(Boolean);
  return parts.length ? `Reminders ${parts.join(", ")}, while items are to do.` : "No reminders.";
}

/** The request's reminders: the schedule, the next one, those sent and when; the client snoozes them here. */
export function RemindersPanel({ orgId, request, canSnooze }: { orgId: number; request: DocumentRequest; canSnooze: boolean }) {
  const { act } = useAction();
  const { register, handleSubmit, setError, formState } = useForm<{ until: string | null }, unknown, SnoozeInput>({
    resolver: zodResolver(snoozeSchema),
    defaultValues: { until: request.snoozed_until ?? "" },
  });
  const submit = handleSubmit(async (input) => {
    const res = await act(() => snoozeReminders(orgId, request.id, input), {
      failure: "Not snoozed",
      success: `Reminders snoozed until ${input.until}`,
    });
    if (!res.ok && res.fields.until) setError("until", { message: res.fields.until });
  });
  return (
    <section aria-labelledby="reminders-heading" className="space-y-3 rounded-md border border-slate-200 bg-white p-4">
      <h2 id="reminders-heading" className="text-lg font-semibold text-ink">
        Reminders
      </h2>
      <p className="text-sm text-ink">{scheduleText(request)}</p>
      <p className="text-sm text-muted">
        {request.snoozed_until ? `Snoozed until ${request.snoozed_until}. ` : ""}
        {request.next_reminder_on ? `Next reminder: ${request.next_reminder_on}.` : "No reminder to come."}
      </p>
      {request.reminders.length > 0 ? (
        <ul aria-label="Reminders sent" className="list-disc space-y-1 pl-5 text-sm">
          {request.reminders.map((r) => (
            <li key={r.reminder_on}>
              Reminder of {r.reminder_on}: sent {formatDateTime(r.sent_at)} to {r.recipients} person
              {r.recipients === 1 ? "" : "s"}, {r.open_items} item{r.open_items === 1 ? "" : "s"} to do
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted">No reminder sent yet.</p>
      )}
      {canSnooze && request.status === "waiting_client" ? (
        <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-3" aria-label="Snooze reminders">
          <InputField
            id="snooze-until"
            type="date"
            label="Snooze reminders until"
            error={formState.errors.until?.message}
            {...register("until")}
          />
          <Button type="submit" size="sm" variant="secondary" disabled={formState.isSubmitting}>
            Snooze
          </Button>
          {request.snoozed_until ? (
            <Button
              type="button"
              size="sm"
              variant="ghost"
              onClick={() =>
                void act(() => snoozeReminders(orgId, request.id, { until: null }), {
                  failure: "Not changed",
                  success: "Reminders on again",
                })
              }
            >
              End the snooze
            </Button>
          ) : null}
        </form>
      ) : null}
    </section>
  );
}
