import { boolean, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "~/features/auth/auth.tables.ts";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/** Messages from the contact form (migration 0003_leads.sql). */
export const contactMessages = pgTable("contact_messages", {
  id: uuid("id").primaryKey().defaultRandom(),
  userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
  firstName: text("first_name").notNull(),
  lastName: text("last_name").notNull(),
  email: text("email").notNull(),
  company: text("company"),
  service: text("service", { enum: ["bookkeeping", "tax", "erp", "advisory", "other"] }),
  message: text("message").notNull(),
  spam: boolean("spam").notNull().default(false),
  spamReason: text("spam_reason"),
  ip: text("ip"),
  createdAt: ts("created_at").notNull().defaultNow(),
});

/** Requests from the consultation wizard (table consultation_requests). */
export const consultationRequests = pgTable("consultation_requests", {
  id: uuid("id").primaryKey().defaultRandom(),
  userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
  firstName: text("first_name").notNull(),
  lastName: text("last_name").notNull(),
  email: text("email").notNull(),
  phone: text("phone"),
  companyName: text("company_name").notNull(),
  servicesInterested: text("services_interested").array().notNull(),
  annualRevenueRange: text("annual_revenue_range"),
  challenges: text("challenges").notNull(),
  preferredTime: text("preferred_time"),
  spam: boolean("spam").notNull().default(false),
  spamReason: text("spam_reason"),
  ip: text("ip"),
  createdAt: ts("created_at").notNull().defaultNow(),
});
