import { bigserial, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "~/features/auth/auth.tables.ts";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const siteContent = pgTable("site_content", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  contentKey: text("content_key").notNull().unique(),
  contentValue: text("content_value").notNull(),
  contentType: text("content_type", { enum: ["text", "html", "markdown"] })
    .notNull()
    .default("text"),
  description: text("description"),
  updatedBy: text("updated_by").references(() => users.id, { onDelete: "set null" }),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});

export const newsletterSubscriptions = pgTable("newsletter_subscriptions", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  email: text("email").notNull().unique(),
  source: text("source", { enum: ["footer", "blog", "resources"] }).notNull(),
  createdAt: ts("created_at").notNull().defaultNow(),
});
