import { sql } from "drizzle-orm";
import { pgArray, type Db } from "~/server/db/client.ts";
import type { Membership } from "~/features/tenancy/tenancy.types.ts";
import type { EntryInput } from "./ledger.schema.ts";
import { createEntries } from "./journal-entries-bulk.server.ts";
import { insertEntryAudit } from "./journal-rows.server.ts";
import { refusingLocked } from "./ledger-errors.server.ts";

/** A written line's tax, as another book posted it: its code, the part a tax line posts, the taxable base (signed). */
export interface PostedLineTax {
  /** The line's number in the entry (from 1, in the order of the input's lines). */
  line_no: number;
  tax_code_id: number;
  tax_part_no: number | null;
  tax_base: string;
}

/**
 * New entries whose lines carry their tax as posted (decision 112; an exported journal imported again): the lines are
 * written as given, nothing computed again, then each line's code, part and base are set, and with `post` the entries
 * are posted (the database checks each one's balance, as for any entry). Inside the caller's transaction; the codes
 * must be the organization's (the caller resolved them). Returns the new entries' ids, in the order given.
 */
export async function createEntriesAsPosted(
  tx: Db,
  m: Membership,
  entries: { input: EntryInput; tax: PostedLineTax[] }[],
  post: boolean,
): Promise<number[]> {
  // Drafts first: a posted entry's lines cannot be changed.
  const ids = await createEntries(
    tx,
    m,
    entries.map((e) => e.input),
    false,
  );
  const rows = entries.flatMap((e, i) => e.tax.map((t) => ({ ...t, journal_entry_id: ids[i]! })));
  // A tax-coded line dated in a filed return's period is refused by the database: a 400 on the date, as for any entry.
  for (let start = 0; start < rows.length; start += 5000) {
    await refusingLocked(() =>
      tx.execute(
        sql`update journal_entry_lines l
             set tax_code_id = x.tax_code_id, tax_part_no = x.tax_part_no, tax_base = x.tax_base
            from jsonb_to_recordset(${JSON.stringify(rows.slice(start, start + 5000))}::jsonb)
              as x(journal_entry_id integer, line_no smallint, tax_code_id integer, tax_part_no smallint, tax_base numeric)
           where l.organization_id = ${m.organizationId} and l.journal_entry_id = x.journal_entry_id and l.line_no = x.line_no`,
      ),
    );
  }
  if (post && ids.length > 0) {
    const idArray = pgArray(ids);
    await refusingLocked(async () => {
      await tx.execute(
        sql`update journal_entries set status = 'posted', posted_at = now(), posted_by = ${m.userId}
             where organization_id = ${m.organizationId} and id = any(${idArray}::integer[])`,
      );
      await tx.execute(
        insertEntryAudit(sql`select ${m.organizationId}, id, 'posted', ${m.userId}, null from unnest(${idArray}::integer[]) as id`),
      );
    });
  }
  return ids;
}
