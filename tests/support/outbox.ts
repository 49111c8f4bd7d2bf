import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Db } from "~/server/db/client.ts";
import { OUTBOX_COLUMNS, type OutboxRow } from "~/server/mail/outbox.server.ts";

/** The outbox's rows matching `where`, in the order they were written (the newest first with "newest"). */
export function outboxRows(db: Db, where: SQL = sql`true`, order: "oldest" | "newest" = "oldest"): Promise<OutboxRow[]> {
  return queryRows<OutboxRow>(
    db,
    sql`select ${OUTBOX_COLUMNS} from mail_outbox where ${where} order by id ${order === "newest" ? sql`desc` : sql`asc`}`,
  );
}

/** The mail written to an address, the newest first. */
export const mailsTo = (db: Db, address: string): Promise<OutboxRow[]> => outboxRows(db, sql`to_address = ${address}`, "newest");
