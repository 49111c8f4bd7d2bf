import { useId } from "react";
import { Form } from "react-router";
import { Button } from "~/ui/button.tsx";
import { InputField } from "~/ui/field.tsx";
import { Pager, pageHref } from "~/ui/pager.tsx";
import { useHydrated } from "~/ui/use-hydrated.ts";
import type { TeamQuery } from "../team.schema.ts";
import type { TeamListResponse } from "../team.types.ts";
import { MemberRow, RoleOptions } from "./member-row.tsx";
import { TeamSection } from "./team-section.tsx";

/** Every user with site role, last sign-in and state; searched and filtered through the page's URL, paged. */
export function TeamMembersSection({ list, query, selfId }: { list: TeamListResponse; query: TeamQuery; selfId: string }) {
  const uid = useId();
  const hydrated = useHydrated();
  const pages = Math.max(1, Math.ceil(list.total / list.pageSize));

  return (
    <TeamSection id={`${uid}-title`} title="Users" intro="Everyone with an account, their site role and state. Admins first.">
      <Form method="get" role="search" className="flex flex-wrap items-end gap-3">
        <InputField
          id={`${uid}-q`}
          label="Search name or email"
          fieldClassName="min-w-0 basis-full sm:basis-auto sm:flex-1"
          name="q"
          type="search"
          defaultValue={query.q ?? ""}
          maxLength={200}
        />
        <InputField as="select" id={`${uid}-role`} label="Role" name="role" defaultValue={query.role ?? ""}>
          <option value="">All roles</option>
          <RoleOptions />
        </InputField>
        <Button type="submit" variant="secondary">
          Filter
        </Button>
      </Form>
      {list.members.length === 0 ? (
        <p className="mt-4 text-slate-700">No user matches.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-200">
          {list.members.map((m) => (
            <MemberRow key={m.id} member={m} isSelf={m.id === selfId} hydrated={hydrated} />
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
