import type { App } from "~/server/app.ts";

/** One route of the app's API as registered: its method and path pattern (`:param` where a value goes). */
export interface ApiRoute {
  method: string;
  path: string;
}

const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Every route of the app's JSON API, read from the app's own route table (Hono's `app.routes`), so that a test
 * that walks it meets a route added tomorrow without being told. Middleware (`ALL`) and the catch-all are left out.
 */
export function apiRoutes(app: App): ApiRoute[] {
  const seen = new Set<string>();
  const routes: ApiRoute[] = [];
  for (const r of app.routes) {
    if (r.method === "ALL" || !r.path.startsWith("/api/") || r.path.endsWith("*")) continue;
    const key = `${r.method} ${r.path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    routes.push({ method: r.method, path: r.path });
  }
  return routes;
}

/** The API routes that change something (every method but GET, HEAD and OPTIONS). */
export function apiWriteRoutes(app: App): ApiRoute[] {
  return apiRoutes(app).filter((r) => WRITE_METHODS.has(r.method));
}
