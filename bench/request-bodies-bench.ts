/**
 * Request bodies (issue 37, decision 105), against the app behind Node's HTTP server, as a client on the network meets it:
 *
 * - memory: the process's resident memory (RSS) and what it still holds after a full GC (heap, buffers), before and
 *   after 20 signed-out chunked bodies of 20 MB each sent at once to the bank statements' API (a 20 MB limit), and the
 *   peak between (sampled every 20 ms);
 * - latency: another user's request (the list of their books) timed three times while BENCH_UPLOADS (10) uploads of a
 *   signed-in user (their length told, a PDF's first bytes, then one byte a second for BENCH_STALL_MS) trickle in.
 *
 * The embedded database runs in this process (its memory counted); on PostgreSQL set TEST_DATABASE_URL (the test
 * database's pool holds 20 connections, the server's 10: BENCH_UPLOADS=20 fills it).
 *
 *   node --expose-gc --import tsx bench/request-bodies-bench.ts [memory|latency]
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --expose-gc --import tsx bench/request-bodies-bench.ts
 */
import http from "node:http";
import { createAdaptorServer } from "@hono/node-server";
import { createSignedInUser, createTestApp } from "../tests/support/test-app.ts";

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("run with node --expose-gc");
const STALL_MS = Number(process.env.BENCH_STALL_MS ?? 8000);
const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 10);
const mb = (n: number) => +(n / 1048576).toFixed(1);
const PIECE = Buffer.alloc(64 * 1024, 0x20);
const PDF_HEAD = Buffer.from("%PDF-1.7\n%bench\n");

const t = await createTestApp();
const server = createAdaptorServer({ fetch: t.app.fetch }) as http.Server;
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
const port = (server.address() as { port: number }).port;

interface Sent {
  cookie?: string;
  bytes: number;
  /** Told as Content-Length; otherwise the body is chunked. */
  length?: boolean;
  /** After this many bytes, one byte a second until STALL_MS from the start, then the rest at once. */
  trickleAfter?: number;
}

/** POSTs `bytes` (a PDF's first bytes, then spaces) and resolves with the status and the time to the answer. */
function post(path: string, sent: Sent): Promise<{ status: number; ms: number }> {
  return new Promise((resolve) => {
    const start = performance.now();
    const headers: Record<string, string> = { origin: t.config.publicUrl, "content-type": "application/octet-stream" };
    if (sent.cookie) headers.cookie = sent.cookie;
    if (sent.length) headers["content-length"] = String(sent.bytes);
    const req = http.request({ host: "127.0.0.1", port, path, method: "POST", headers });
    req.on("response", (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode!, ms: performance.now() - start }));
    });
    req.on("error", () => resolve({ status: 0, ms: performance.now() - start }));
    let done = 0;
    let trickleAfter = sent.trickleAfter;
    const pump = () => {
      while (done < sent.bytes) {
        if (trickleAfter !== undefined && done >= trickleAfter) {
          const tick = setInterval(() => {
            if (req.destroyed) return clearInterval(tick);
            if (performance.now() - start >= STALL_MS) {
              clearInterval(tick);
              trickleAfter = undefined;
              return pump();
            }
            req.write(" ");
            done++;
          }, 1000);
          return;
        }
        const room = Math.min(PIECE.length, sent.bytes - done, trickleAfter !== undefined ? trickleAfter - done : Infinity);
        const piece = done === 0 ? Buffer.concat([PDF_HEAD, PIECE.subarray(PDF_HEAD.length, room)]) : PIECE.subarray(0, room);
        done += piece.length;
        if (!req.write(piece)) return void req.once("drain", pump);
      }
      req.end();
    };
    pump();
  });
}

function memory() {
  gc!();
  gc!();
  const m = process.memoryUsage();
  return { rss_mb: mb(m.rss), held_mb: mb(m.heapUsed + m.external + m.arrayBuffers) };
}

const which = process.argv[2] ?? "all";
const report: Record<string, unknown> = { database: process.env.TEST_DATABASE_URL ? "PostgreSQL" : "embedded (PGlite)" };
try {
  if (which === "all" || which === "memory") {
    const before = memory();
    let peak = before.rss_mb;
    const sampler = setInterval(() => (peak = Math.max(peak, mb(process.memoryUsage().rss))), 20);
    const sent = await Promise.all(
      Array.from({ length: 20 }, () => post("/api/bank/1/accounts/1/statements", { bytes: 20 * 1024 * 1024 - 4096 })),
    );
    clearInterval(sampler);
    report.memory = {
      bodies: "20 signed-out, chunked, 20 MB each, at once",
      statuses: [...new Set(sent.map((s) => s.status))],
      before,
      peak_rss_mb: peak,
      after: memory(),
    };
  }
  if (which === "all" || which === "latency") {
    const owner = await createSignedInUser(t, { companyName: "Slow Uploads" });
    const other = await createSignedInUser(t, { companyName: "Someone Else" });
    const { organizations } = (await (await t.request("/api/accounting/orgs", { cookie: owner.cookie })).json()) as {
      organizations: { id: number }[];
    };
    const orgId = organizations[0]!.id;
    const { accounts } = (await (await t.request(`/api/accounting/orgs/${orgId}/accounts`, { cookie: owner.cookie })).json()) as {
      accounts: { id: number }[];
    };
    const entry = (await (
      await t.request(`/api/accounting/orgs/${orgId}/entries`, {
        cookie: owner.cookie,
        json: {
          description: "Receipts",
          entry_date: "2026-01-05",
          lines: [
            { account_id: accounts[0]!.id, debit_amount: "1.00", credit_amount: "0" },
            { account_id: accounts[1]!.id, debit_amount: "0", credit_amount: "1.00" },
          ],
        },
      })
    ).json()) as { entry: { id: number } };
    const uploads = Array.from({ length: UPLOADS }, (_, i) =>
      post(`/api/entry-documents/${orgId}/${entry.entry.id}/documents?name=slow-${i}.pdf`, {
        cookie: owner.cookie,
        bytes: 8192,
        length: true,
        trickleAfter: 4200,
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    const waited: number[] = [];
    for (let i = 0; i < 3; i++) {
      const start = performance.now();
      await (await fetch(`http://127.0.0.1:${port}/api/accounting/orgs`, { headers: { cookie: other.cookie } })).text();
      waited.push(Math.round(performance.now() - start));
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    const done = await Promise.all(uploads);
    report.latency = {
      uploads: `${UPLOADS}, their length told, one byte a second for ${STALL_MS} ms`,
      other_user_ms: waited,
      upload_statuses: [...new Set(done.map((u) => u.status))],
      upload_ms: done.map((u) => Math.round(u.ms)),
    };
  }
  console.log(JSON.stringify(report, null, 2));
} finally {
  server.closeAllConnections();
  server.close();
  await t.close();
}
