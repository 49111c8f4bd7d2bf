import { request, type ApiResult } from "~/lib/api-client.ts";
import type { SessionUser } from "~/server/context.ts";

/** GET /api/session: the signed-in user, or null (src/server/app.ts). */
export function getSessionUser(): Promise<ApiResult<SessionUser | null>> {
  return request<SessionUser | null>("/api/session");
}
