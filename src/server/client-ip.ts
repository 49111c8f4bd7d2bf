import type { IncomingMessage } from "node:http";
import type { Context } from "hono";
import { getConnInfo } from "@hono/node-server/conninfo";

/**
 * Requests a page helper process passed on (decision 015, src/server/page-helpers.ts) arrive on the app's private
 * socket; the address of the socket the visitor used is noted here by that socket's server, never read from a header
 * of the public port.
 */
const passedOnFrom = new WeakMap<IncomingMessage, string>();

export function notePassedOnFrom(req: IncomingMessage, address: string): void {
  passedOnFrom.set(req, address);
}

/** The address of the visitor's socket (through a page helper, the one it accepted), or undefined. */
export function socketAddress(c: Context): string | undefined {
  const env = c.env as { server?: { incoming?: IncomingMessage }; incoming?: IncomingMessage } | undefined;
  const incoming = (env?.server ?? env)?.incoming;
  const passedOn = incoming && passedOnFrom.get(incoming);
  if (passedOn) return passedOn;
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
