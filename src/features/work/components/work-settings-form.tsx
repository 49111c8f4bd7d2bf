import { useFieldArray, useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { z } from "zod";
import { Button } from "~/ui/button.tsx";
import { InputField } from "~/ui/field.tsx";
import { useAction } from "~/ui/use-action.ts";
import { saveWorkSettings } from "../work.api.ts";
import { settingsSchema, type SettingsInput } from "../work.schema.ts";
import type { WorkSettings } from "../work.types.ts";

type SettingsForm = z.input<typeof settingsSchema>;

/** How far ahead instances are made, and the firm's holidays (due dates move off them). */
export function WorkSettingsForm({ settings }: { settings: WorkSettings }) {
  const { act } = useAction();
  const { register, control, handleSubmit, setError, formState } = useForm<SettingsForm, unknown, SettingsInput>({
    resolver: zodResolver(settingsSchema),
    defaultValues: settings,
  });
  const holidays = useFieldArray({ control, name: "holidays" });
  const errors = formState.errors;
  const submit = handleSubmit(async (input) => {
    const res = await act(() => saveWorkSettings(input), { failure: "Settings not saved", success: "Settings saved" });
    if (!res.ok) for (const [key, message] of Object.entries(res.fields ?? {})) setError(key as keyof SettingsForm, { message });
  });
  return (
    <form
      onSubmit={submit}
      noValidate
      className="space-y-4 rounded-lg border border-slate-200 bg-white p-4"
      aria-labelledby="work-settings-title"
    >
      <h2 id="work-settings-title" className="text-lg font-semibold text-ink">
        Horizon and holidays
      </h2>
      <InputField
        id="work-horizon"
        type="number"
        min={0}
        max={400}
        label="Make instances this many days ahead"
        hint="An instance is made once its period starts within this many days."
        error={errors.horizon_days?.message}
        {...register("horizon_days")}
      />
      <fieldset className="space-y-2">
        <legend className="text-sm font-semibold text-ink">The firm's holidays</legend>
        {holidays.fields.map((field, i) => (
          <div key={field.id} className="grid gap-3 sm:grid-cols-[11rem_1fr_auto] sm:items-end">
            <InputField
              id={`holiday-${i}-day`}
              type="date"
              label={`Holiday ${i + 1}: date`}
              error={errors.holidays?.[i]?.day?.message}
              {...register(`holidays.${i}.day`)}
            />
            <InputField
              id={`holiday-${i}-name`}
              label={`Holiday ${i + 1}: name`}
              error={errors.holidays?.[i]?.name?.message}
              {...register(`holidays.${i}.name`)}
            />
            <Button type="button" variant="ghost" size="sm" onClick={() => holidays.remove(i)}>
              Remove holiday {i + 1}
            </Button>
          </div>
        ))}
        <Button type="button" variant="secondary" size="sm" onClick={() => holidays.append({ day: "", name: "" })}>
          Add a holiday
        </Button>
      </fieldset>
      <Button type="submit" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? "Saving..." : "Save settings"}
      </Button>
    </form>
  );
}
