import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * A lead form's token: when the server rendered the form, signed with the app secret, so the
 * minimum time-to-submit is measured on the server's clock and cannot be forged by the sender.
 */
function sign(secret: string, issuedAt: number): string {
  return createHmac("sha256", secret).update(`lead-form:${issuedAt}`).digest("base64url");
}

export function issueFormToken(secret: string, now: number = Date.now()): string {
  return `${now}.${sign(secret, now)}`;
}

/** The time the token was issued, or null when it is missing, malformed, forged or from the future. */
export function readFormToken(secret: string, token: string | undefined, now: number = Date.now()): number | null {
  if (!token) return null;
  const match = /^(\d{1,15})\.([\w-]{1,100})$/.exec(token);
  if (!match) return null;
  const issuedAt = Number(match[1]);
  const expected = Buffer.from(sign(secret, issuedAt));
  const given = Buffer.from(match[2]!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  if (issuedAt > now + 1000) return null;
  return issuedAt;
}
