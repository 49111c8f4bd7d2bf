import { sql } from "drizzle-orm";
import type { AuditActor } from "~/server/audit.server.ts";
import { queryRows, type Db } from "~/server/db/client.ts";
import { conflict, invalidInput } from "~/server/http/app-error.ts";
import { notFound } from "~/features/ledger/index.server.ts";
import type { EntryDocument } from "~/features/ledger/ledger.types.ts";
import { assertBooks } from "~/features/tenancy/index.server.ts";
import { storeDocument } from "~/features/ledger/index.server.ts";
import type { Membership } from "~/features/tenancy/tenancy.types.ts";

/** What a statement line reached in the books: nothing yet, or the entries its match holds (by date, then id). */
async function entriesOfLine(db: Db, m: Membership, bankId: number, lineId: number): Promise<{ id: number; entry_number: string }[]> {
  const [line] = await queryRows<{ match_id: number | null }>(
    db,
    sql`select match_id from bank_lines where id = ${lineId} and bank_account_id = ${bankId} and organization_id = ${m.organizationId}`,
  );
  if (!line) throw notFound("Statement line");
  if (line.match_id === null) return [];
  const rows = await queryRows<{ id: number; entry_number: string }>(
    db,
    sql`select distinct e.id, e.entry_number, e.entry_date
          from bank_match_ledger_lines ml
          join journal_entry_lines l on l.id = ml.journal_entry_line_id
          join journal_entries e on e.id = l.journal_entry_id
         where ml.match_id = ${line.match_id} and e.organization_id = ${m.organizationId}
         order by e.entry_date, e.id`,
  );
  return rows.map((r) => ({ id: Number(r.id), entry_number: r.entry_number }));
}

/**
 * A receipt attached from a statement line: kept as a document of the entry the line is matched to or was categorized
 * into (the entry documents' upload, decision 089: type from the content, 10 MB, audited). `entryId` chooses among
 * several entries (400 naming `entry` when it is missing or not one of them); a line not in the books yet is 409 with
 * what to do first. A viewer is refused (403) before the line is looked at or anything read.
 */
export async function storeLineDocument(
  db: Db,
  m: Membership,
  bankId: number,
  lineId: number,
  entryId: number | undefined,
  fileName: string,
  body: ReadableStream<Uint8Array> | null,
  actor: AuditActor,
): Promise<{ document: EntryDocument; entry_id: number; entry_number: string }> {
  assertBooks(m, "books.write");
  const entries = await entriesOfLine(db, m, bankId, lineId);
  if (entries.length === 0)
    throw conflict("This statement line is not in the books yet: match it or categorize it first, then attach its receipt to the entry");
  const entry = entryId === undefined ? (entries.length === 1 ? entries[0] : undefined) : entries.find((e) => e.id === entryId);
  if (!entry) {
    const message =
      entryId === undefined
        ? `This line is matched to ${entries.length} entries (${entries.map((e) => e.entry_number).join(", ")}): choose one`
        : "Choose one of the entries this line is matched to";
    throw invalidInput({ entry: message }, message);
  }
  const document = await storeDocument(db, m, entry.id, fileName, body, actor);
  return { document, entry_id: entry.id, entry_number: entry.entry_number };
}
