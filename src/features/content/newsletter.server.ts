import { recordLead } from "~/features/leads/index.server.ts";
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "~/server/db/client.ts";
import type { NewsletterInput } from "./newsletter.schema.ts";

/**
 * Stores a subscription once per address, and a new one in the firm's leads inbox in the same transaction.
 * `created` is false when the address was already subscribed.
 */
export async function subscribeToNewsletter(db: Db, input: NewsletterInput): Promise<{ created: boolean }> {
  return db.transaction(async (tx) => {
    const [row] = await queryRows<{ id: string; created_at: string }>(
      tx,
      sql`insert into newsletter_subscriptions (email, source) values (${input.email}, ${input.source})
          on conflict (email) do nothing
          returning id, created_at`,
    );
    if (!row) return { created: false };
    await recordLead(tx, {
      kind: "newsletter",
      sourceTable: "newsletter_subscriptions",
      sourceId: row.id,
      email: input.email,
      fields: { email: input.email, source: input.source },
      createdAt: new Date(row.created_at),
    });
    return { created: true };
  });
}
