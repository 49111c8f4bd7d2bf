import type { SavedSubmission } from "./calculators.ts";

/** POST /api/calculators/submissions (201): the results as the server computed and stored them. */
export interface SubmissionSaved {
  submission: SavedSubmission;
}
