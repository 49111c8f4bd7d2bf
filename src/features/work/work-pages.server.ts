import { sql } from "drizzle-orm";
import { rolesHolding } from "~/lib/permissions.ts";
import { pgArray, queryRows, type Db } from "~/server/db/client.ts";
import type { Choice } from "./work.types.ts";

/** What the work screens offer to choose from: the firm's people and its clients. */

/** Staff and admins who can be given work (not disabled), by name. */
export async function workStaff(db: Db): Promise<Choice[]> {
  return queryRows<Choice>(
    db,
    sql`select id, coalesce(nullif(btrim(name), ''), email) as name from users
         where role = any(${pgArray(rolesHolding("firm.work"))}::text[]) and disabled_at is null
         order by lower(coalesce(nullif(btrim(name), ''), email)), id`,
  );
}

/** Every client organization, by name. */
export async function clientChoices(db: Db): Promise<{ id: number; name: string }[]> {
  const rows = await queryRows<{ id: number; name: string }>(db, sql`select id, name from organizations o where not exists (select 1 from firm_books f where f.organization_id = o.id) order by lower(name), id`);
  return rows.map((r) => ({ id: Number(r.id), name: r.name }));
}
