import { Form, Link } from "react-router";
import { Button } from "~/ui/button.tsx";
import { InputField } from "~/ui/field.tsx";
import { LEAD_KIND_LABELS, LEAD_KINDS, LEAD_STATUS_LABELS, LEAD_STATUSES } from "../leads-inbox.schema.ts";
import type { LeadOwner } from "../leads-inbox.types.ts";

export interface FilterValues {
  view: "inbox" | "spam";
  kind?: string;
  status?: string;
  owner?: string;
  from?: string;
  to?: string;
  q?: string;
}

/**
 * The inbox's filters as a GET form: it works without JavaScript and its URL can be shared. Field errors come
 * from the page's loader, which checks the query with the API's schema.
 */
export function LeadsFilters({ values, owners, errors }: { values: FilterValues; owners: LeadOwner[]; errors: Record<string, string> }) {
  // Open when one of them is in use or wrong; closed, the list starts higher on a phone.
  const more = Boolean(
    values.kind || values.status || values.owner || values.from || values.to || Object.keys(errors).some((k) => k !== "q"),
  );
  return (
    <Form method="get" action="/firm/leads" className="rounded-lg border border-slate-200 bg-slate-50 p-4" aria-label="Filter leads">
      <input type="hidden" name="view" value={values.view} />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <InputField
          id="leads-q"
          label="Search"
          hint="Name, email or company"
          error={errors.q}
          fieldClassName="sm:col-span-2 lg:col-span-3"
          name="q"
          type="search"
          defaultValue={values.q ?? ""}
          maxLength={100}
        />
      </div>
      <details open={more} className="mt-4">
        <summary className="cursor-pointer text-sm font-semibold text-brand-800">More filters</summary>
        <div className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <InputField as="select" id="leads-kind" label="Kind" error={errors.kind} name="kind" defaultValue={values.kind ?? ""}>
            <option value="">All kinds</option>
            {LEAD_KINDS.map((k) => (
              <option key={k} value={k}>
                {LEAD_KIND_LABELS[k]}
              </option>
            ))}
          </InputField>
          <InputField as="select" id="leads-status" label="Status" error={errors.status} name="status" defaultValue={values.status ?? ""}>
            <option value="">All statuses</option>
            {LEAD_STATUSES.map((s) => (
              <option key={s} value={s}>
                {LEAD_STATUS_LABELS[s]}
              </option>
            ))}
          </InputField>
          <InputField as="select" id="leads-owner" label="Owner" error={errors.owner} name="owner" defaultValue={values.owner ?? ""}>
            <option value="">Anyone</option>
            <option value="none">No owner</option>
            {owners.map((o) => (
              <option key={o.id} value={o.id}>
                {o.name || o.email}
              </option>
            ))}
          </InputField>
          <InputField id="leads-from" label="Received from" error={errors.from} name="from" type="date" defaultValue={values.from ?? ""} />
          <InputField id="leads-to" label="Received to" error={errors.to} name="to" type="date" defaultValue={values.to ?? ""} />
        </div>
      </details>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <Button type="submit">Apply filters</Button>
        <Link to={`/firm/leads${values.view === "spam" ? "?view=spam" : ""}`} className="text-sm font-medium text-brand-800 underline">
          Clear filters
        </Link>
      </div>
    </Form>
  );
}
