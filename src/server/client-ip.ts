import type { Context } from "hono";
import { getConnInfo } from "@hono/node-server/conninfo";

/** The address of the visitor's socket, or undefined. */
export function socketAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined;
  }
}

/**
 * The client's IP: from the configured trusted proxy header only (its first entry),
 * otherwise the socket's address. Never from a header the operator did not name.
 */
export function clientIp(c: Context, trustedProxyHeader: string | undefined): string {
  if (trustedProxyHeader) {
    const value = c.req.header(trustedProxyHeader);
    const first = value?.split(",")[0]?.trim();
    if (first) return first;
  }
  return socketAddress(c) ?? "unknown";
}
