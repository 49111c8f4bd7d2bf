import { Form, Link } from "react-router";
import { Button } from "~/ui/button.tsx";
import { CheckboxField, InputField } from "~/ui/field.tsx";
import { NamedOptions } from "~/ui/named-options.tsx";
import { Pager, pageHref } from "~/ui/pager.tsx";
import type { Inbox } from "../messages.types.ts";
import { formatDateTime } from "~/lib/format.ts";

export interface InboxFilters {
  client?: string;
  unread?: string;
  mine?: string;
}

/** The firm's inbox across clients: filters in the URL (client, unread, assigned to me), the conversations newest first. */
export function InboxScreen({
  inbox,
  filters,
  clients,
  errors,
}: {
  inbox: Inbox;
  filters: InboxFilters;
  clients: { id: number; name: string }[];
  errors: Record<string, string>;
}) {
  return (
    <section aria-labelledby="inbox-title">
      <h1 id="inbox-title" className="text-2xl font-bold text-ink">
        Messages
      </h1>
      <p className="mt-1 text-sm text-muted">Conversations with the clients, the latest first. Open one to read and answer.</p>
      <Form method="get" role="search" aria-label="Filter the conversations" className="mt-4 flex flex-wrap items-end gap-4">
        {/* The filters' errors are said together under the form. */}
        <InputField
          as="select"
          id="inbox-client"
          label="Client"
          fieldClassName="w-full sm:w-72"
          name="client"
          defaultValue={filters.client ?? ""}
          aria-invalid={errors.client ? true : undefined}
        >
          <option value="">All clients</option>
          <NamedOptions items={clients} />
        </InputField>
        <CheckboxField
          id="inbox-unread"
          label="Unread only"
          fieldClassName="py-2"
          name="unread"
          value="1"
          defaultChecked={filters.unread === "1"}
        />
        <CheckboxField
          id="inbox-mine"
          label="Assigned to me"
          fieldClassName="py-2"
          name="mine"
          value="1"
          defaultChecked={filters.mine === "1"}
        />
        <Button type="submit" variant="secondary">
          Filter
        </Button>
      </Form>
      {Object.keys(errors).length ? <p className="mt-2 text-sm font-medium text-red-700">{Object.values(errors).join(". ")}</p> : null}
      {inbox.rows.length === 0 ? (
        <p className="mt-6 rounded-md border border-dashed border-slate-300 p-6 text-center text-muted">No conversations match.</p>
      ) : (
        <ul aria-label="Conversations" className="mt-6 divide-y divide-slate-200 rounded-lg border border-slate-200">
          {inbox.rows.map((r) => (
            <li key={r.organization_id}>
              <Link to={`/firm/messages/${r.organization_id}`} className="block p-4 hover:bg-slate-50">
                <span className="flex flex-wrap items-baseline justify-between gap-x-3">
                  <span className={r.unread ? "font-bold text-ink" : "font-semibold text-ink"}>
                    {r.organization_name}
                    {r.unread ? (
                      <span className="ml-2 rounded-full bg-red-700 px-2 py-0.5 text-xs font-bold text-white">{r.unread} unread</span>
                    ) : null}
                    {r.mine ? null : <span className="ml-2 text-xs font-normal text-slate-600">(not assigned to you)</span>}
                  </span>
                  {r.last_message_at ? (
                    <time dateTime={r.last_message_at} className="text-xs text-slate-600">
                      {formatDateTime(r.last_message_at)}
                    </time>
                  ) : null}
                </span>
                <span className="mt-1 block truncate text-sm text-slate-700">
                  {r.last_author ? `${r.last_author}: ` : ""}
                  {r.preview}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Pager
        className="mt-4"
        label="Pages of conversations"
        status={`Page ${inbox.page} of ${inbox.pages} · ${inbox.total} conversation${inbox.total === 1 ? "" : "s"}`}
        previous={inbox.page > 1 ? { to: pageHref(filters as Record<string, unknown>, inbox.page - 1), text: "Previous" } : null}
        next={inbox.page < inbox.pages ? { to: pageHref(filters as Record<string, unknown>, inbox.page + 1), text: "Next" } : null}
      />
    </section>
  );
}
