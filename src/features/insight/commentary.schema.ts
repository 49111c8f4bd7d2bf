import { z } from "zod";
import { requiredTextField, textField } from "~/lib/schema-fields.ts";
import { packMonthField } from "~/features/reports/month-end-packs.schema.ts";
import { tokenProblem } from "./commentary-figures.ts";

/** Most characters of the headline, and of each of the two parts. */
export const HEADLINE_MAX = 200;
export const PART_MAX = 4000;

/** A text whose figures each name one the menu offers (an unknown one is refused naming the field). */
const withFigures = <S extends z.ZodType<string>>(field: S) =>
  field.superRefine((value, ctx) => {
    const problem = tokenProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem, input: value });
  });

/** PUT /commentary/:month and the editor: the month's commentary as the firm writes it (decision 122). */
export const commentarySchema = z.object({
  headline: withFigures(requiredTextField("Headline", { max: HEADLINE_MAX })),
  changes: withFigures(textField("What changed and why", { max: PART_MAX, multiline: true })),
  actions: withFigures(textField("What to do", { max: PART_MAX, multiline: true })),
});
export type CommentaryInput = z.infer<typeof commentarySchema>;

/** The month in the path: "2026-10". */
export const commentaryMonthParams = z.object({ month: packMonthField });
