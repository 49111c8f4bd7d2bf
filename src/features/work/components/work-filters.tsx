import { Form } from "react-router";
import { Button } from "~/ui/button.tsx";
import { CheckboxField, InputField } from "~/ui/field.tsx";
import { NamedOptions } from "~/ui/named-options.tsx";
import { WORK_STATUSES, WORK_STATUS_LABELS, type WorkChoices } from "../work.types.ts";

/** The work views' filters, in the URL: assignee, client, template, status, overdue, and the view (list or board). */
export function WorkFilters({
  filters,
  errors,
  choices,
}: {
  filters: Record<string, string>;
  errors: Record<string, string>;
  choices: WorkChoices;
}) {
  return (
    <Form
      method="get"
      role="search"
      aria-label="Filter the work"
      className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-4"
    >
      <InputField as="select" id="work-view" label="View" name="view" defaultValue={filters.view ?? "list"} error={errors.view}>
        <option value="list">List by due date</option>
        <option value="board">Board by status</option>
      </InputField>
      <InputField
        as="select"
        id="work-assignee"
        label="Assignee"
        name="assignee"
        defaultValue={filters.assignee ?? ""}
        error={errors.assignee}
      >
        <option value="">Anyone</option>
        <option value="me">Me</option>
        <option value="none">Nobody</option>
        <NamedOptions items={choices.staff} />
      </InputField>
      <InputField as="select" id="work-client" label="Client" name="client" defaultValue={filters.client ?? ""} error={errors.client}>
        <option value="">Every client</option>
        <NamedOptions items={choices.clients} />
      </InputField>
      <InputField
        as="select"
        id="work-template"
        label="Template"
        name="template"
        defaultValue={filters.template ?? ""}
        error={errors.template}
      >
        <option value="">Every template</option>
        {choices.templates.map((t) => (
          <option key={t.id} value={t.id}>
            {t.title}
          </option>
        ))}
      </InputField>
      <InputField as="select" id="work-status" label="Status" name="status" defaultValue={filters.status ?? ""} error={errors.status}>
        <option value="">Not done</option>
        {WORK_STATUSES.map((s) => (
          <option key={s} value={s}>
            {WORK_STATUS_LABELS[s]}
          </option>
        ))}
      </InputField>
      <CheckboxField
        id="work-overdue"
        name="overdue"
        value="1"
        label="Overdue only"
        defaultChecked={filters.overdue === "1"}
        fieldClassName="pb-2"
      />
      <Button type="submit" size="sm">
        Show
      </Button>
    </Form>
  );
}
