import { useId } from "react";
import { Form, useRevalidator } from "react-router";
import { Button } from "~/ui/button.tsx";
import { inputClass } from "~/ui/field.tsx";
import { Pager, pageHref } from "~/ui/pager.tsx";
import { useHydrated } from "~/ui/use-hydrated.ts";
import type { TeamQuery } from "../team.schema.ts";
import type { TeamListResponse } from "../team.types.ts";
import { MemberRow, RoleOptions } from "./member-row.tsx";
import { TeamSection } from "./team-section.tsx";

/** Every user with site role, last sign-in and state; searched and filtered through the page's URL, paged. */
export function TeamMembersSection({ list, query, selfId }: { list: TeamListResponse; query: TeamQuery; selfId: string }) {
  const uid = useId();
  const revalidator = useRevalidator();
  const hydrated = useHydrated();
  const pages = Math.max(1, Math.ceil(list.total / list.pageSize));

  return (
    <TeamSection id={`${uid}-title`} title="Users" intro="Everyone with an account, their site role and state. Admins first.">
      <Form method="get" role="search" className="flex flex-wrap items-end gap-3">
        <div className="min-w-0 basis-full sm:basis-auto sm:flex-1">
          <label htmlFor={`${uid}-q`} className="block text-sm font-medium text-ink">
            Search name or email
          </label>
          <input id={`${uid}-q`} name="q" type="search" defaultValue={query.q ?? ""} maxLength={200} className={inputClass} />
        </div>
        <div>
          <label htmlFor={`${uid}-role`} className="block text-sm font-medium text-ink">
            Role
          </label>
          <select id={`${uid}-role`} name="role" defaultValue={query.role ?? ""} className={inputClass}>
            <option value="">All roles</option>
            <RoleOptions />
          </select>
        </div>
        <Button type="submit" variant="secondary">
          Filter
        </Button>
      </Form>
      {list.members.length === 0 ? (
        <p className="mt-4 text-slate-700">No user matches.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-200">
          {list.members.map((m) => (
            <MemberRow key={m.id} member={m} isSelf={m.id === selfId} hydrated={hydrated} onChanged={() => revalidator.revalidate()} />
          ))}
        </ul>
      )}
      <Pager
        label="Users pages"
        className="mt-4"
        status={`${list.total} ${list.total === 1 ? "user" : "users"} · page ${list.page} of ${pages}`}
        previous={list.page > 1 ? { to: pageHref(query, list.page - 1), text: "Previous page" } : null}
        next={list.page < pages ? { to: pageHref(query, list.page + 1), text: "Next page" } : null}
      />
    </TeamSection>
  );
}
