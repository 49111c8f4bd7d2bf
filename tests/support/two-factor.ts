import { createHmac } from "node:crypto";
import { sql } from "drizzle-orm";
import { cookieFrom, type TestApp, type TestUser } from "./test-app.ts";

/** RFC 4648 base32 → bytes. */
export function base32Decode(input: string): Buffer {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const ch of input.replace(/=+$/, "").toUpperCase()) {
    value = (value << 5) | alphabet.indexOf(ch);
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** RFC 6238 TOTP (HMAC-SHA1, 30 s, 6 digits), written here independently of the app's library. */
export function totp(secret: Buffer, at = Date.now(), stepOffset = 0): string {
  const counter = Math.floor(at / 1000 / 30) + stepOffset;
  const msg = Buffer.alloc(8);
  msg.writeBigUInt64BE(BigInt(counter));
  const h = createHmac("sha1", secret).update(msg).digest();
  const offset = h[h.length - 1]! & 15;
  const bin = ((h[offset]! & 127) << 24) | (h[offset + 1]! << 16) | (h[offset + 2]! << 8) | h[offset + 3]!;
  return String(bin % 1_000_000).padStart(6, "0");
}

export interface EnrolledUser extends TestUser {
  secret: Buffer;
  backupCodes: string[];
  totpURI: string;
}

/** Turns two-factor sign-in on for a signed-in user (password, then a first code); the session the library replaces it with. */
export async function enrolTwoFactor(t: TestApp, user: TestUser): Promise<EnrolledUser> {
  const res = await t.request("/api/auth/two-factor/enable", { cookie: user.cookie, json: { password: user.password } });
  if (res.status !== 200) throw new Error(`enable failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { totpURI: string; backupCodes: string[] };
  const secret = base32Decode(new URL(body.totpURI).searchParams.get("secret")!);
  const confirm = await t.request("/api/auth/two-factor/verify-totp", { cookie: user.cookie, json: { code: totp(secret) } });
  if (confirm.status !== 200) throw new Error(`confirm failed: ${confirm.status} ${await confirm.text()}`);
  return { ...user, cookie: cookieFrom(confirm) || user.cookie, secret, backupCodes: body.backupCodes, totpURI: body.totpURI };
}

/** Makes every session of the user look signed in `minutes` ago (instead of waiting). */
export async function ageSessions(t: TestApp, userId: string, minutes: number): Promise<void> {
  await t.ctx.db.execute(sql`
    update sessions set created_at = now() - make_interval(mins => ${minutes}),
                        reauthenticated_at = case when reauthenticated_at is null then null else now() - make_interval(mins => ${minutes}) end
     where user_id = ${userId}`);
}
