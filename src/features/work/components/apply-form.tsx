import { useState } from "react";
import { todayIso } from "~/lib/format.ts";
import { Button } from "~/ui/button.tsx";
import { CheckboxField, FieldError, InputField } from "~/ui/field.tsx";
import { NamedOptions } from "~/ui/named-options.tsx";
import { useAction } from "~/ui/use-action.ts";
import { applyTemplate } from "../work.api.ts";
import { DEFAULT_ASSIGNEE_LABELS, type Choice, type WorkTemplate } from "../work.types.ts";

/** Applies a template to clients from a period on, to a staff member or to the template's default assignee. */
export function ApplyForm({
  template,
  clients,
  staff,
  onApplied,
}: {
  template: WorkTemplate;
  clients: { id: number; name: string }[];
  staff: Choice[];
  onApplied: () => void;
}) {
  const { act, pending } = useAction();
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const [first, setFirst] = useState(todayIso());
  const [assignee, setAssignee] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const toggle = (id: number) =>
    setChosen((s) => {
      const next = new Set(s);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const res = await act(
      () => applyTemplate(template.id, { organization_ids: [...chosen], first_period: first, assignee_id: assignee || null }),
      { failure: "Not applied", success: (d) => `Applied to ${d.schedules} client${d.schedules === 1 ? "" : "s"}` },
    );
    if (!res.ok) return setErrors(res.fields ?? {});
    onApplied();
  };
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="space-y-4" aria-label={`Apply ${template.title}`}>
      <fieldset>
        <legend className="mb-2 text-sm font-semibold text-ink">Clients</legend>
        <CheckboxField
          id="apply-all"
          label="Every client"
          checked={chosen.size === clients.length && clients.length > 0}
          onChange={(e) => setChosen(new Set(e.target.checked ? clients.map((c) => c.id) : []))}
        />
        <div className="mt-2 max-h-64 space-y-1 overflow-y-auto rounded-md border border-slate-200 p-2">
          {clients.map((c) => (
            <CheckboxField key={c.id} id={`apply-client-${c.id}`} label={c.name} checked={chosen.has(c.id)} onChange={() => toggle(c.id)} />
          ))}
        </div>
        <FieldError id="apply-clients-error" message={errors.organization_ids} />
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-2">
        <InputField
          id="apply-first"
          type="date"
          label="Starting with the period holding"
          value={first}
          error={errors.first_period}
          onChange={(e) => setFirst(e.target.value)}
        />
        <InputField
          as="select"
          id="apply-assignee"
          label="Assignee"
          value={assignee}
          error={errors.assignee_id}
          onChange={(e) => setAssignee(e.target.value)}
        >
          <option value="">{DEFAULT_ASSIGNEE_LABELS[template.default_assignee]} (the template's default)</option>
          <NamedOptions items={staff} />
        </InputField>
      </div>
      <Button type="submit" disabled={pending || chosen.size === 0}>
        Apply to {chosen.size} client{chosen.size === 1 ? "" : "s"}
      </Button>
    </form>
  );
}
