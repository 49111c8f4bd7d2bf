import { request, type ApiResult } from "~/lib/api-client.ts";
import type { Calculation } from "./calculators.ts";
import type { SubmissionSaved } from "./calculators.types.ts";

/** The calculators' API as the browser calls it. */

/** Saves a calculation's inputs (the server computes the results again) and mails the analysis to the account. */
export function saveSubmission(calc: Calculation): Promise<ApiResult<SubmissionSaved>> {
  return request<SubmissionSaved>("/api/calculators/submissions", { json: { calculatorType: calc.calculatorType, inputs: calc.inputs } });
}
