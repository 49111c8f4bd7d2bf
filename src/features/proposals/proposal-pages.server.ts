import { sql } from "drizzle-orm";
import { queryRows, type Db } from "~/server/db/client.ts";
import type { LeadChoice, ProposalListRow } from "./proposal-form.ts";
import { listProposals } from "./proposal-reads.server.ts";

/** What the firm's proposal pages read beside the API's answers (src/app/routes/firm-proposal*.tsx). */

/** The leads a proposal may be for: not spam, not yet won or lost, newest first. */
export function leadChoices(db: Db): Promise<LeadChoice[]> {
  return queryRows<LeadChoice>(
    db,
    sql`select id::text as id, name, email, company from leads
         where not spam and status not in ('won', 'lost') order by created_at desc, id desc limit 500`,
  );
}

/** The proposals as listed, each with when it was first viewed and when it was declined. */
export async function proposalList(db: Db): Promise<ProposalListRow[]> {
  const [proposals, dates] = await Promise.all([
    listProposals(db, {}),
    queryRows<{ id: number; viewed_at: string | null; declined_at: string | null }>(
      db,
      sql`select id, (to_jsonb(viewed_at) #>> '{}') as viewed_at, (to_jsonb(declined_at) #>> '{}') as declined_at
            from proposals order by created_at desc, id desc limit 500`,
    ),
  ]);
  const byId = new Map(dates.map((d) => [Number(d.id), d]));
  return proposals.map((p) => ({ ...p, viewed_at: byId.get(p.id)?.viewed_at ?? null, declined_at: byId.get(p.id)?.declined_at ?? null }));
}
