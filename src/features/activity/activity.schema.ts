import { z } from "zod";
import { idField, idParam } from "~/lib/schema-fields.ts";

/** Acts per page of the firm's list. */
export const ACTIVITY_PAGE_SIZE = 50;

/** GET /api/activity and /firm/activity: the page of acts before `before` (an act's id), the newest page first. */
export const activityQuerySchema = z.object({ before: idParam().optional() });
export type ActivityQuery = z.output<typeof activityQuerySchema>;

/**
 * POST /api/activity/read: the acts shown (`ids`, what opening the page marks), or every act up to `through` (the
 * newest one shown: "Mark all read").
 */
export const markActivityReadSchema = z
  .object({
    ids: z.array(idField("Activity"), { error: "ids must be a list" }).max(ACTIVITY_PAGE_SIZE, "At most one page at a time").optional(),
    through: idField("Activity").optional(),
  })
  .refine((v) => v.ids !== undefined || v.through !== undefined, { path: ["ids"], message: "Name the activity to mark read" });
export type MarkActivityReadInput = z.output<typeof markActivityReadSchema>;
