import { todayIso } from "~/lib/format.ts";
import { z } from "zod";
import { requiredTextField } from "~/lib/schema-fields.ts";
import { EARLIEST_ENTRY_DATE } from "./ledger.schema.ts";

/** Why the lock is set, moved or lifted: always told, kept in the history and the audit log. */
const reasonField = requiredTextField("Reason", { max: 500, typeError: "Reason is required" });

/** The lock date: a real date from 1900, not after today (UTC). */
export const lockDateSchema = z.iso.date("Lock date is required").superRefine((d, ctx) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(d)) return;
  if (d < EARLIEST_ENTRY_DATE) ctx.addIssue({ code: "custom", message: `Lock date must not be before ${EARLIEST_ENTRY_DATE}` });
  else if (d > todayIso()) ctx.addIssue({ code: "custom", message: "Lock date must not be after today" });
});

/** PUT /lock: nothing dated on or before `lock_date` can be written any more. */
export const lockSchema = z.object({ lock_date: lockDateSchema, reason: reasonField });
export type LockInput = z.infer<typeof lockSchema>;

/** POST /lock/unlock. */
export const unlockSchema = z.object({ reason: reasonField });
export type UnlockInput = z.infer<typeof unlockSchema>;
