import type { Context } from "hono";
import { socketAddress } from "../client-ip.ts";
import type { Config } from "../config.ts";

/**
 * The local mail catcher (/dev/mail and /api/dev/mail) shows every outgoing mail, reset and verification
 * links included. It answers only when MAIL_CATCHER is on (never in production) and the request's socket
 * comes from this machine without passing through a proxy.
 */

/** Headers a reverse proxy adds: a request carrying one came from elsewhere, whatever the socket says. */
const FORWARDING_HEADERS = ["forwarded", "x-forwarded-for", "x-real-ip", "x-forwarded-host", "via"];

/** True for the loopback addresses, read from the socket only (never from a header). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  if (address === "::1") return true;
  const v4 = address.startsWith("::ffff:") ? address.slice(7) : address;
  return /^127(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/.test(v4);
}

export function mailCatcherAllowed(c: Context, config: Pick<Config, "mailCatcher" | "isProduction" | "trustedProxyHeader">): boolean {
  if (!config.mailCatcher || config.isProduction) return false;
  const forwarded = [...FORWARDING_HEADERS, ...(config.trustedProxyHeader ? [config.trustedProxyHeader] : [])];
  if (forwarded.some((h) => c.req.header(h) !== undefined)) return false;
  return isLoopbackAddress(socketAddress(c));
}

/**
 * True for every spelling of a mail-catcher path: any letter case, repeated or trailing slashes, percent-encoding,
 * and React Router's data suffixes (/dev/mail.data, /dev/mail/.data, /dev/mail/_root.data).
 */
export function isMailCatcherPath(rawPath: string): boolean {
  let p = rawPath;
  for (let i = 0; i < 3; i++) {
    try {
      const decoded = decodeURIComponent(p);
      if (decoded === p) break;
      p = decoded;
    } catch {
      break;
    }
  }
  // Every path that starts like the catcher's is gated, whatever follows (a suffix, a slash, a data request).
  p = p
    // eslint-disable-next-line no-control-regex -- control characters are what this looks for
    .replace(/[\s\u0000-\u001f]/g, "")
    .replace(/\\/g, "/")
    .replace(/\/{2,}/g, "/")
    .toLowerCase();
  return /^\/(api\/)?dev\/mail/.test(p);
}
