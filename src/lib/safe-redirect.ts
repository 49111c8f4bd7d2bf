import { localPath } from "./local-path.ts";

/**
 * The local path to send a visitor to after sign-in: `from` when it leads to a page of this site, otherwise
 * `fallback`. Never the sign-in page itself (a loop) or the API.
 */
export function safeRedirectPath(from: string | null | undefined, fallback = "/"): string {
  const path = localPath(from);
  if (!path) return fallback;
  const pathname = path
    .replace(/[?#].*$/, "")
    .toLowerCase()
    .replace(/\/+$/, "");
  if (pathname === "/login" || pathname === "/api" || pathname.startsWith("/api/")) return fallback;
  return path;
}
