import { z } from "zod";
import { isoDateField } from "~/lib/schema-fields.ts";

/**
 * The dashboard's API query: the day it is read as of (default today). The dashboard reads two years back from it, so
 * the day is kept within years a calendar of months can count back from.
 */
export const dashboardQuerySchema = z.object({
  as_of: isoDateField("As of", { min: "1900-01-01" }).optional(),
});
