/**
 * Redirect targets taken from a request (`from`, `callbackURL`, `redirectTo`, a Referer, ...) must lead to this
 * site. A target is accepted only as a path on this site, and it is checked AFTER the browser's own normalisation:
 * dot segments turn "/.//evil.example" into "//evil.example", a protocol-relative URL to another host.
 */
const BASE = "http://local.invalid";
const MAX_LENGTH = 2048;

/**
 * The normalised local path (pathname, query and hash) that `target` leads to, or null when it leads anywhere else
 * or could be read differently by another parser. Refused: absolute URLs (unless `siteOrigin` is given and matches),
 * protocol-relative URLs, backslashes, control characters and whitespace anywhere, encoded slashes at the start,
 * and any target whose normalised form is not a plain local path.
 */
export function localPath(target: unknown, siteOrigin?: string): string | null {
  if (typeof target !== "string" || target.length === 0 || target.length > MAX_LENGTH) return null;
  // Browsers drop tabs and newlines inside URLs and read "\" as "/": refuse both rather than guess.
  // eslint-disable-next-line no-control-regex -- control characters are what this looks for
  if (/[\u0000-\u0020\u007f-\u009f\\]/.test(target)) return null;
  let candidate = target;
  if (!candidate.startsWith("/")) {
    if (!siteOrigin) return null;
    let absolute: URL;
    try {
      absolute = new URL(candidate);
    } catch {
      return null;
    }
    if (absolute.origin !== new URL(siteOrigin).origin || absolute.username || absolute.password) return null;
    candidate = `${absolute.pathname}${absolute.search}${absolute.hash}`;
  }
  if (candidate.startsWith("//")) return null;
  let url: URL;
  try {
    url = new URL(candidate, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  const normalised = `${url.pathname}${url.search}${url.hash}`;
  if (!normalised.startsWith("/") || normalised.startsWith("//")) return null;
  // "/%2F%2Fevil.example" is harmless to a browser, but not to every proxy or router that decodes it first.
  if (/^\/(%2f|%5c)/i.test(normalised)) return null;
  // The answer must be stable: read again, it leads to the same place.
  const again = new URL(normalised, BASE);
  if (again.origin !== BASE || `${again.pathname}${again.search}${again.hash}` !== normalised) return null;
  return normalised;
}
