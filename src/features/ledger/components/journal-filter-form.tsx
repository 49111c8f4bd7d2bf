import { useId } from "react";
import { Form, Link } from "react-router";
import { Button, buttonClass } from "~/ui/button.tsx";
import { Field, InputField, describedBy, inputClass } from "~/ui/field.tsx";
import type { JournalFilters } from "../ledger.schema.ts";
import type { AccountDto } from "../ledger.types.ts";
import { AccountOptions } from "./account-options.tsx";

const DATES = [
  { name: "from", label: "From" },
  { name: "to", label: "To" },
] as const;

/**
 * The journal's search: a GET form, so a filtered journal is a URL that the back button, a bookmark or a colleague
 * opens again. The quick filter (drafts) stays on while searching.
 */
export function JournalFilterForm({
  filters,
  errors,
  accounts,
}: {
  filters: JournalFilters;
  errors: Record<string, string>;
  accounts: AccountDto[];
}) {
  const uid = useId();
  const str = (v: unknown) => (v === undefined || v === null ? "" : String(v));
  return (
    <Form method="get" role="search" aria-label="Search the journal" className="rounded-lg border border-slate-200 bg-white p-4">
      {filters.status ? <input type="hidden" name="status" value={str(filters.status)} /> : null}
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-[2fr_1fr_1fr_2fr]">
        <Field
          id={`${uid}-q`}
          label="Search"
          showOptional={false}
          error={errors.q}
          hint="Number, description, reference or amount"
          className="col-span-2 lg:col-span-1"
        >
          <input
            id={`${uid}-q`}
            name="q"
            type="search"
            defaultValue={str(filters.q)}
            maxLength={200}
            className={inputClass}
            {...describedBy(`${uid}-q`, { error: errors.q, hint: "Number, description, reference or amount" })}
          />
        </Field>
        {DATES.map((d) => (
          <Field key={d.name} id={`${uid}-${d.name}`} label={d.label} showOptional={false} error={errors[d.name]}>
            <input
              id={`${uid}-${d.name}`}
              name={d.name}
              type="date"
              defaultValue={str(filters[d.name])}
              className={inputClass}
              {...describedBy(`${uid}-${d.name}`, { error: errors[d.name] })}
            />
          </Field>
        ))}
        <InputField
          as="select"
          id={`${uid}-account`}
          name="account"
          label="Account"
          defaultValue={str(filters.account)}
          error={errors.account}
          fieldClassName="col-span-2 lg:col-span-1"
        >
          <option value="">Any account</option>
          <AccountOptions accounts={accounts} />
        </InputField>
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button type="submit" size="sm">
          Search
        </Button>
        <Link to={filters.status ? `?status=${encodeURIComponent(str(filters.status))}` : "."} className={buttonClass("ghost", "sm")}>
          Clear search
        </Link>
      </div>
    </Form>
  );
}
