import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { ReceivedMail } from "../../support/smtp.ts";

/** The mails read so far, by file name: a file is written once, whole, and never changed. */
const read = new Map<string, ReceivedMail>();

/** Every mail the test SMTP server has received so far (each file parsed once per worker, not at every look). */
export function allMail(): ReceivedMail[] {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error("E2E_MAIL_DIR is not set (global setup did not run)");
  return readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => {
      let mail = read.get(f);
      if (!mail) read.set(f, (mail = JSON.parse(readFileSync(path.join(dir, f), "utf8")) as ReceivedMail));
      return mail;
    });
}

/** Waits for a mail to `to` (and matching `match`) to arrive at the test SMTP server. */
export async function waitForMail(to: string, match: (m: ReceivedMail) => boolean = () => true, timeoutMs = 20_000): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = allMail().find((m) => m.to.includes(to.toLowerCase()) && match(m));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The first link in a mail's text that starts with the site's URL. */
export function linkIn(mail: ReceivedMail): string {
  const base = process.env.E2E_BASE_URL!;
  const m = mail.text.match(new RegExp(`${base.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}[^\\s)>\\]]+`));
  if (!m) throw new Error(`no site link in mail "${mail.subject}"`);
  return m[0];
}
