import { index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "~/features/auth/auth.tables.ts";
import type { CalculatorType, RndInputs, RndResults, RoiInputs, RoiResults } from "./calculators.ts";

/** Matches migrations/0005_calculators.sql. */
export const calculatorSubmissions = pgTable(
  "calculator_submissions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    calculatorType: text("calculator_type").$type<CalculatorType>().notNull(),
    email: text("email").notNull(),
    name: text("name"),
    inputs: jsonb("inputs").$type<RoiInputs | RndInputs>().notNull(),
    results: jsonb("results").$type<RoiResults | RndResults>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [index("calculator_submissions_user_created_idx").on(t.userId, t.createdAt.desc())],
);
