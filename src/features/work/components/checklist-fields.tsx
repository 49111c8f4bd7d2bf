import { useFieldArray, type Control, type FieldErrors, type UseFormRegister } from "react-hook-form";
import { Button } from "~/ui/button.tsx";
import { FieldError, InputField } from "~/ui/field.tsx";
import { MAX_CHECKLIST_ITEMS, type TemplateForm } from "../work.schema.ts";
import { BINDINGS, BINDING_LABELS } from "../work.types.ts";

const select = (value: string, label: string) => (
  <option key={value} value={value}>
    {label}
  </option>
);

/** A template's checklist in its form: each item's section, words and how it is ticked (by hand or by the books). */
export function ChecklistFields({
  control,
  register,
  errors,
}: {
  control: Control<TemplateForm>;
  register: UseFormRegister<TemplateForm>;
  errors: FieldErrors<TemplateForm>;
}) {
  const items = useFieldArray({ control, name: "items" });
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-semibold text-ink">Checklist</legend>
      {items.fields.map((field, i) => (
        <div key={field.id} className="grid gap-3 rounded-md border border-slate-200 p-3 sm:grid-cols-[10rem_1fr_14rem_auto] sm:items-end">
          <InputField
            id={`t-item-${i}-section`}
            label={`Item ${i + 1}: section`}
            error={errors.items?.[i]?.section?.message}
            {...register(`items.${i}.section`)}
          />
          <InputField
            id={`t-item-${i}-label`}
            label={`Item ${i + 1}: what is done`}
            error={errors.items?.[i]?.label?.message}
            {...register(`items.${i}.label`)}
          />
          <InputField
            as="select"
            id={`t-item-${i}-binding`}
            label={`Item ${i + 1}: ticked`}
            error={errors.items?.[i]?.binding?.message}
            {...register(`items.${i}.binding`, { setValueAs: (v: string | null) => (v ? v : null) })}
          >
            <option value="">By hand</option>
            {BINDINGS.map((b) => select(b, `By the books: ${BINDING_LABELS[b].toLowerCase()}`))}
          </InputField>
          <Button type="button" variant="ghost" size="sm" disabled={items.fields.length === 1} onClick={() => items.remove(i)}>
            Remove item {i + 1}
          </Button>
        </div>
      ))}
      <FieldError id="template-items-error" message={errors.items?.message ?? errors.items?.root?.message} />
      <Button
        type="button"
        variant="secondary"
        size="sm"
        disabled={items.fields.length >= MAX_CHECKLIST_ITEMS}
        onClick={() => items.append({ section: items.fields.at(-1)?.section ?? "", label: "", binding: null })}
      >
        Add an item
      </Button>
    </fieldset>
  );
}
