import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Button } from "~/ui/button.tsx";
import { InputField } from "~/ui/field.tsx";
import { ChecklistFields } from "./checklist-fields.tsx";
import { useAction } from "~/ui/use-action.ts";
import { createTemplate, updateTemplate } from "../work.api.ts";
import { templateSchema, type TemplateForm, type TemplateInput } from "../work.schema.ts";
import { DEFAULT_ASSIGNEES, DEFAULT_ASSIGNEE_LABELS, type WorkTemplate } from "../work.types.ts";

const EMPTY: TemplateForm = {
  title: "",
  service: "",
  description: "",
  frequency: "monthly",
  due_kind: "day_of_month",
  due_day: 15,
  due_months: 1,
  due_shift: "after",
  default_assignee: "accountant",
  items: [{ section: "", label: "", binding: null }],
};

/** A template of recurring work: what, how often, when due, to whom by default, and its checklist (items bound or not). */
export function TemplateForm({ template, onSaved }: { template: WorkTemplate | null; onSaved: () => void }) {
  const { act } = useAction();
  const { register, control, handleSubmit, setError, formState } = useForm<TemplateForm, unknown, TemplateInput>({
    resolver: zodResolver(templateSchema),
    defaultValues: template ? { ...template, description: template.description ?? "" } : EMPTY,
  });
  const errors = formState.errors;
  const submit = handleSubmit(async (input) => {
    const res = await act(() => (template ? updateTemplate(template.id, input) : createTemplate(input)), {
      failure: "Template not saved",
      success: "Template saved",
    });
    if (!res.ok) {
      for (const [key, message] of Object.entries(res.fields ?? {})) setError(key as keyof TemplateForm, { message });
      return;
    }
    onSaved();
  });
  const select = (value: string, label: string) => (
    <option key={value} value={value}>
      {label}
    </option>
  );
  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label={template ? `Edit ${template.title}` : "New template"}>
      <div className="grid gap-3 sm:grid-cols-2">
        <InputField
          id="template-title"
          label="Title"
          hint="Instances are named by it and their period: “Close — October 2026”"
          error={errors.title?.message}
          {...register("title")}
        />
        <InputField id="template-service" label="Service" error={errors.service?.message} {...register("service")} />
      </div>
      <InputField
        id="template-description"
        as="textarea"
        rows={2}
        label="Description"
        optional
        error={errors.description?.message}
        {...register("description")}
      />
      <div className="grid gap-3 sm:grid-cols-3">
        <InputField as="select" id="template-frequency" label="Repeats" error={errors.frequency?.message} {...register("frequency")}>
          {select("monthly", "Every month")}
          {select("quarterly", "Every quarter")}
          {select("yearly", "Every year")}
          {select("once", "Once")}
        </InputField>
        <InputField as="select" id="template-due-kind" label="Due" error={errors.due_kind?.message} {...register("due_kind")}>
          {select("day_of_month", "On a day of a month after the period")}
          {select("business_day", "On the nth working day after the period")}
        </InputField>
        <InputField
          id="template-due-day"
          type="number"
          min={1}
          max={31}
          label="Day (31: the last) or nth working day"
          error={errors.due_day?.message}
          {...register("due_day")}
        />
        <InputField
          id="template-due-months"
          type="number"
          min={0}
          max={12}
          label="Months after the period"
          error={errors.due_months?.message}
          {...register("due_months")}
        />
        <InputField
          as="select"
          id="template-due-shift"
          label="On a weekend or holiday"
          error={errors.due_shift?.message}
          {...register("due_shift")}
        >
          {select("after", "Move to the working day after")}
          {select("before", "Move to the working day before")}
        </InputField>
        <InputField
          as="select"
          id="template-assignee"
          label="Assignee by default"
          error={errors.default_assignee?.message}
          {...register("default_assignee")}
        >
          {DEFAULT_ASSIGNEES.map((a) => select(a, DEFAULT_ASSIGNEE_LABELS[a]))}
        </InputField>
      </div>
      <ChecklistFields control={control} register={register} errors={errors} />
      <Button type="submit" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? "Saving..." : "Save template"}
      </Button>
    </form>
  );
}
