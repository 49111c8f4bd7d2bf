import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import PostalMime from "postal-mime";

export interface ReceivedMail {
  from: string;
  to: string[];
  replyTo: string[];
  subject: string;
  text: string;
  html: string;
  attachments: { filename: string | null; mimeType: string; size: number }[];
  receivedAt: number;
}

export interface TestSmtpServer {
  url: string;
  port: number;
  messages: ReceivedMail[];
  /** Resolves with the first message (already received or arriving within timeoutMs) that matches. */
  waitFor(match: (m: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  stop(): Promise<void>;
}

/**
 * A real SMTP server in this process (no TLS, no auth). Each received mail is parsed and kept in
 * `messages`; with `dir`, each is also written there as JSON so other processes can read it.
 */
export async function startSmtpServer(opts: { port?: number; dir?: string } = {}): Promise<TestSmtpServer> {
  const messages: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  if (opts.dir) mkdirSync(opts.dir, { recursive: true });
  let seq = 0;
  const server = new SMTPServer({
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    size: 20 * 1024 * 1024,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        void PostalMime.parse(Buffer.concat(chunks)).then(
          (parsed) => {
            const mail: ReceivedMail = {
              from: parsed.from?.address ?? "",
              to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
              replyTo: (parsed.replyTo ?? []).map((a) => (a.address ?? "").toLowerCase()),
              subject: parsed.subject ?? "",
              text: parsed.text ?? "",
              html: parsed.html ?? "",
              attachments: parsed.attachments.map((a) => ({
                filename: a.filename,
                mimeType: a.mimeType,
                size: typeof a.content === "string" ? a.content.length : (a.content as ArrayBuffer).byteLength,
              })),
              receivedAt: Date.now(),
            };
            messages.push(mail);
            if (opts.dir) {
              // Written aside, then renamed: a reader never sees half a mail.
              const file = path.join(opts.dir, `${Date.now()}-${process.pid}-${++seq}.json`);
              writeFileSync(`${file}.part`, JSON.stringify(mail));
              renameSync(`${file}.part`, file);
            }
            for (const w of waiters) w();
            callback();
          },
          (err: Error) => callback(err),
        );
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port ?? 0, "127.0.0.1", () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  let stopped: Promise<void> | undefined;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    waitFor(match, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find(match);
          if (found) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(found);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(
              `no matching mail within ${timeoutMs} ms (received ${messages.length}: ${messages.map((m) => m.subject).join(" | ")})`,
            ),
          );
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    stop: () => (stopped ??= new Promise<void>((resolve) => server.close(() => resolve()))),
  };
}
