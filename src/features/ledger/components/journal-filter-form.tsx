import { useId } from "react";
import { Form, Link } from "react-router";
import { Button, buttonClass } from "~/ui/button.tsx";
import { InputField } from "~/ui/field.tsx";
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
        <InputField
          id={`${uid}-q`}
          label="Search"
          name="q"
          type="search"
          defaultValue={str(filters.q)}
          maxLength={200}
          error={errors.q}
          hint="Number, description, reference or amount"
          fieldClassName="col-span-2 lg:col-span-1"
        />
        {DATES.map((d) => (
          <InputField
            key={d.name}
            id={`${uid}-${d.name}`}
            label={d.label}
            name={d.name}
            type="date"
            defaultValue={str(filters[d.name])}
            error={errors[d.name]}
          />
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
