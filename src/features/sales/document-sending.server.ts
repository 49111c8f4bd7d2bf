import { sql } from "drizzle-orm";
import type { Db } from "~/server/db/client.ts";
import { forbidden } from "~/server/http/app-error.ts";
import type { Membership } from "~/features/tenancy/tenancy.types.ts";
import { readSalesSettings } from "./sales-settings.server.ts";

/* Sending a document: who may send the books' documents, and its sent mark (the mail: sales-mail.server.ts). */

/** Marks a document sent (the mail itself is the caller's: sales-mail.server.ts). */
export async function markSent(db: Db, m: Pick<Membership, "organizationId">, id: number): Promise<void> {
  await db.execute(
    sql`update sales_documents set sent_at = coalesce(sent_at, now()) where organization_id = ${m.organizationId} and id = ${id}`,
  );
}

/** Whether this member may send the books' documents: the client's side only when the settings allow it. */
export async function assertMaySend(db: Db, m: Membership): Promise<void> {
  if (m.side !== "client" || !m.firmKeeps) return;
  const s = await readSalesSettings(db, m.organizationId);
  if (!s.client_may_send) throw forbidden("The firm keeps these books: it sends the invoices");
}
