/**
 * The local path to send a visitor to after sign-in: `from` when it is a path on this site,
 * otherwise `fallback`. Refuses absolute and protocol-relative URLs (open redirects) and the
 * sign-in page itself (a loop).
 */
export function safeRedirectPath(from: string | null | undefined, fallback = "/"): string {
  if (!from || typeof from !== "string") return fallback;
  if (!from.startsWith("/") || from.startsWith("//") || from.startsWith("/\\")) return fallback;
  if ([...from].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f)) return fallback;
  let url: URL;
  try {
    url = new URL(from, "http://local.invalid");
  } catch {
    return fallback;
  }
  if (url.origin !== "http://local.invalid") return fallback;
  if (url.pathname === "/login" || url.pathname.startsWith("/api/")) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
