import { useId } from "react";
import { Form, Link } from "react-router";
import { Button, buttonClass } from "~/ui/button.tsx";
import { InputField } from "~/ui/field.tsx";
import type { AuditLogFilters } from "../audit-log.schema.ts";

const FILTERS = [
  { name: "actor", label: "Actor (email)", type: "text", hint: undefined },
  { name: "action", label: "Action", type: "text", hint: "Its start is enough: team. or site_content." },
  { name: "targetType", label: "Target type", type: "text", hint: undefined },
  { name: "targetId", label: "Target id", type: "text", hint: undefined },
  { name: "from", label: "From", type: "date", hint: undefined },
  { name: "to", label: "To", type: "date", hint: undefined },
] as const;

/** The Audit log's filters: a GET form, so a filtered view is a link that can be kept or shared. */
export function AuditFilters({ values, errors }: { values: AuditLogFilters; errors: Record<string, string> }) {
  const uid = useId();
  return (
    <Form
      method="get"
      role="search"
      aria-label="Filter the audit log"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {FILTERS.map((f) => {
          const value = values[f.name];
          return (
            <InputField
              key={f.name}
              id={`${uid}-${f.name}`}
              label={f.label}
              error={errors[f.name]}
              hint={f.hint}
              name={f.name}
              type={f.type}
              defaultValue={value === undefined ? "" : String(value)}
              maxLength={f.type === "text" ? 254 : undefined}
            />
          );
        })}
      </div>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button type="submit">Filter</Button>
        <Link to="." className={buttonClass("ghost")}>
          Clear filters
        </Link>
      </div>
    </Form>
  );
}
