import { recordLead } from "~/features/leads/index.ts";
import type { Db } from "~/server/db/client.ts";
import { newsletterSubscriptions } from "./content.tables.ts";
import type { NewsletterInput } from "./newsletter.schema.ts";

/**
 * Stores a subscription once per address, and a new one in the firm's leads inbox in the same transaction.
 * `created` is false when the address was already subscribed.
 */
export async function subscribeToNewsletter(db: Db, input: NewsletterInput): Promise<{ created: boolean }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(newsletterSubscriptions)
      .values({ email: input.email, source: input.source })
      .onConflictDoNothing({ target: newsletterSubscriptions.email })
      .returning({ id: newsletterSubscriptions.id, createdAt: newsletterSubscriptions.createdAt });
    if (!row) return { created: false };
    await recordLead(tx, {
      kind: "newsletter",
      sourceTable: "newsletter_subscriptions",
      sourceId: row.id,
      email: input.email,
      fields: { email: input.email, source: input.source },
      createdAt: row.createdAt,
    });
    return { created: true };
  });
}
