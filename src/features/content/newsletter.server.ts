import type { Db } from "~/server/db/client.ts";
import { newsletterSubscriptions } from "./content.tables.ts";
import type { NewsletterInput } from "./newsletter.schema.ts";

/** Stores a subscription once per address. `created` is false when the address was already subscribed. */
export async function subscribeToNewsletter(db: Db, input: NewsletterInput): Promise<{ created: boolean }> {
  const inserted = await db
    .insert(newsletterSubscriptions)
    .values({ email: input.email, source: input.source })
    .onConflictDoNothing({ target: newsletterSubscriptions.email })
    .returning({ id: newsletterSubscriptions.id });
  return { created: inserted.length > 0 };
}
