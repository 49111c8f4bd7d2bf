import { request, type ApiResult } from "~/lib/api-client.ts";
import type { MarkActivityReadInput } from "./activity.schema.ts";
import type { ActivityRead } from "./activity.types.ts";

/** The client activity's API as the browser calls it. */

/** Marks read the acts shown, or every act up to `through`. */
export function markActivityRead(input: MarkActivityReadInput): Promise<ApiResult<ActivityRead>> {
  return request<ActivityRead>("/api/activity/read", { json: input });
}
