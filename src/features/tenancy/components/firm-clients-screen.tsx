import { Form } from "react-router";
import { Button } from "~/ui/button.tsx";
import { CheckboxField, InputField } from "~/ui/field.tsx";
import { Pager } from "~/ui/pager.tsx";
import { CLIENT_SORTS, CLIENT_SORT_LABELS } from "../client-glance.schema.ts";
import type { ClientGlancePage } from "../tenancy.types.ts";
import { ClientGlanceTable } from "./client-glance-table.tsx";

/** The list's query in a link, empty values left out; `after` for a later page. */
function listHref(filters: Record<string, string>, after?: string): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(filters)) if (k !== "after" && v !== "") params.set(k, v);
  if (after) params.set("after", after);
  const s = params.toString();
  return s ? `/firm/clients?${s}` : "/firm/clients";
}

const CHECKS = [
  ["unreconciled", "Not reconciled through last month"],
  ["unlocked", "Not locked through last month"],
  ["mine", "Mine"],
  ["unread", "Unread messages"],
] as const;

/** /firm/clients: every client's books at a glance; the filters and order in the URL, keyset pages of fifty. */
export function FirmClientsScreen({
  page,
  filters,
  errors,
  canAssign,
}: {
  page: ClientGlancePage;
  filters: Record<string, string>;
  errors: Record<string, string>;
  canAssign: boolean;
}) {
  return (
    <section aria-labelledby="clients-title">
      <h1 id="clients-title" className="text-2xl font-bold text-ink">
        Clients
      </h1>
      <p className="mt-1 text-sm text-muted">
        Every client&apos;s books at a glance, read from the books themselves. Staff open the books where they are members
        {canAssign ? "; as an admin you add staff as accountants on a client's page" : ""}.
      </p>
      <Form method="get" role="search" aria-label="Filter the clients" className="mt-4 grid gap-x-4 gap-y-3 sm:grid-cols-2 lg:grid-cols-4">
        {/* The filters' errors are said together under the form. */}
        <InputField
          id="clients-q"
          label="Search"
          name="q"
          type="search"
          defaultValue={filters.q ?? ""}
          aria-invalid={errors.q ? true : undefined}
        />
        <InputField
          as="select"
          id="clients-sort"
          label="Sort by"
          name="sort"
          defaultValue={filters.sort ?? "name"}
          aria-invalid={errors.sort ? true : undefined}
        >
          {CLIENT_SORTS.map((s) => (
            <option key={s} value={s}>
              {CLIENT_SORT_LABELS[s]}
            </option>
          ))}
        </InputField>
        <InputField
          as="select"
          id="clients-waiting"
          label="Waiting"
          name="waiting"
          defaultValue={filters.waiting ?? ""}
          aria-invalid={errors.waiting ? true : undefined}
        >
          <option value="">Any</option>
          <option value="client">On the client</option>
          <option value="firm">On the firm</option>
        </InputField>
        <InputField
          id="clients-days"
          label="On the client for at least (days)"
          name="days"
          type="number"
          min={0}
          max={3650}
          defaultValue={filters.days ?? "7"}
          aria-invalid={errors.days ? true : undefined}
        />
        <fieldset className="flex flex-wrap gap-x-6 gap-y-2 sm:col-span-2 lg:col-span-3">
          <legend className="sr-only">Only the clients</legend>
          {CHECKS.map(([name, label]) => (
            <CheckboxField key={name} id={`clients-${name}`} label={label} name={name} value="1" defaultChecked={filters[name] === "1"} />
          ))}
        </fieldset>
        <div className="flex items-end">
          <Button type="submit" variant="secondary">
            Show clients
          </Button>
        </div>
      </Form>
      {Object.keys(errors).length ? <p className="mt-2 text-sm font-medium text-red-700">{Object.values(errors).join(". ")}</p> : null}
      <div className="mt-6">
        <ClientGlanceTable clients={page.clients} monthEnd={page.month_end} today={page.today} />
      </div>
      <Pager
        className="mt-4"
        label="Pages of clients"
        status={`${page.clients.length} client${page.clients.length === 1 ? "" : "s"} on this page · last month ended ${page.month_end}`}
        previous={filters.after ? { to: listHref(filters), text: "First page" } : null}
        next={page.next ? { to: listHref(filters, page.next), text: "Next page" } : null}
      />
    </section>
  );
}
