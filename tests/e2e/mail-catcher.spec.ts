import { mkdtempSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { networkInterfaces, tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { freePort, runServer, waitHealthy } from "./support/server-process.ts";

// The local mail catcher lists reset and verification links: whoever reads it can take over any account.
// It must answer only when switched on, and only to a socket on this machine that did not pass through a proxy.

/** Every spelling of the catcher's page and API that the router or a browser could map to it. */
const CATCHER_PATHS = [
  "/dev/mail",
  "/dev/mail/",
  "/dev/mail.data",
  "/dev/mail/.data",
  "/dev/mail/_root.data",
  "/dev/mail.data?_routes=routes%2Fdev-mail",
  "/DEV/MAIL",
  "/Dev/mail",
  "/dev/MAIL",
  "/DEV/MAIL.data",
  "/dev//mail",
  "//dev/mail",
  "/dev/mail?x=1",
  "/dev/mail;x",
  "/%64ev/mail",
  "/dev%2Fmail",
  "/x/../dev/mail",
  "/api/dev/mail",
  "/api/dev/mail/",
  "/API/DEV/MAIL",
  "/Api/Dev/Mail/",
  "/api/dev/mail.data",
  "/api//dev/mail",
];

interface RawAnswer {
  status: number;
  body: string;
}

/** A GET that sends the path exactly as written (fetch would normalise it), from the given local address. */
function rawGet(host: string, port: number, rawPath: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host, port, path: rawPath, method: "GET", headers }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (d) => (body += d));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

/** An address of this machine that is not loopback (requests to it come from a non-loopback socket). */
function nonLoopbackAddress(): string | undefined {
  for (const list of Object.values(networkInterfaces())) {
    for (const a of list ?? []) if (a.family === "IPv4" && !a.internal) return a.address;
  }
  return undefined;
}

async function withServer(env: Record<string, string>, fn: (port: number) => Promise<void>) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), "mail-catcher-"));
  const server = runServer({ PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: `http://localhost:${port}`, ...env });
  try {
    await waitHealthy(port);
    // A verification mail with its one-time link now waits in the outbox.
    const signUp = await fetch(`http://127.0.0.1:${port}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: `http://localhost:${port}` },
      body: JSON.stringify({
        email: "victim@example.com",
        password: "a-long-enough-passphrase-42",
        name: "Vic Tim",
        firstName: "Vic",
        lastName: "Tim",
      }),
    });
    expect(signUp.status).toBe(200);
    await fn(port);
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function expectRefused(answer: RawAnswer, label: string) {
  expect(answer.status, label).toBe(404);
  expect(answer.body, label).not.toContain("victim@example.com");
  expect(answer.body, label).not.toContain("verify-email?token=");
}

test.describe("the local mail catcher", () => {
  test.describe.configure({ timeout: 120_000 });

  test("is off unless MAIL_CATCHER is set, even for this machine", async () => {
    await withServer({}, async (port) => {
      for (const p of CATCHER_PATHS) expectRefused(await rawGet("127.0.0.1", port, p), `${p} (catcher off)`);
    });
  });

  test("when on, answers this machine only: never another address, a proxied request or a guessed path", async () => {
    await withServer({ MAIL_CATCHER: "1", TRUSTED_PROXY_HEADER: "x-forwarded-for" }, async (port) => {
      // This machine, straight to the socket: the outbox, with the link.
      const page = await rawGet("127.0.0.1", port, "/dev/mail");
      expect(page.status).toBe(200);
      expect(page.body).toContain("victim@example.com");
      const api = await rawGet("127.0.0.1", port, "/api/dev/mail");
      expect(api.status).toBe(200);
      expect(api.body).toContain("verify-email?token=");

      // Through a proxy on this machine (any forwarding header), whatever address the header claims.
      const forwardingHeaders: Record<string, string>[] = [
        { "x-forwarded-for": "127.0.0.1" },
        { "x-forwarded-for": "127.evil.example" },
        { "x-forwarded-for": "::1" },
        { forwarded: "for=127.0.0.1" },
        { "x-real-ip": "127.0.0.1" },
      ];
      for (const headers of forwardingHeaders) {
        for (const p of ["/dev/mail", "/api/dev/mail", "/dev/mail.data"]) {
          expectRefused(await rawGet("127.0.0.1", port, p, headers), `${p} with ${JSON.stringify(headers)}`);
        }
      }

      // From another address: every spelling of the page, its data requests and the API.
      const other = nonLoopbackAddress();
      test.skip(!other, "this machine has no non-loopback address to call from");
      for (const p of CATCHER_PATHS) expectRefused(await rawGet(other!, port, p), `${p} from ${other}`);
      for (const p of CATCHER_PATHS) {
        expectRefused(await rawGet(other!, port, p, { "x-forwarded-for": "127.0.0.1" }), `${p} from ${other} claiming loopback`);
      }
    });
  });

  test("signed-in pages give nothing to an anonymous caller under any spelling or data suffix", async () => {
    await withServer({}, async (port) => {
      for (const p of ["/accounting", "/calculators", "/calculators/roi", "/calculators/rd-tax-credit"]) {
        for (const variant of [p, `${p}/`, `${p}.data`, `${p}/.data`, p.toUpperCase(), `${p.toUpperCase()}.data`]) {
          const answer = await rawGet("127.0.0.1", port, variant);
          // A redirect to sign-in (a 3xx for documents, a 202/204 redirect instruction for data requests), never data.
          expect(answer.status, variant).not.toBe(200);
          expect(answer.body, variant).not.toMatch(/organization|entries|savedResults/i);
        }
      }
    });
  });
});
