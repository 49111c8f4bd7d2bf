/**
 * Documents on entries (decision 089): the memory an upload and a download cost the app, for files of 1 MB and of
 * 10 MB (just under the limit), to show it does not grow with the file. Files are generated as they are sent (a
 * stream of 64 KB pieces after a PDF header) and downloads are read piece by piece and dropped, so the bench itself
 * holds neither. The app runs in process; memory is sampled every 10 ms (see peakDuring). On PostgreSQL set TEST_DATABASE_URL (the embedded database lives in
 * this process, so its own memory is counted too).
 *
 *   node --expose-gc --import tsx bench/documents-bench.ts
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --expose-gc --import tsx bench/documents-bench.ts
 */
import { sql } from "drizzle-orm";
import { createSignedInUser, createTestApp } from "../tests/support/test-app.ts";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const PIECE = 64 * 1024;

/** A PDF-typed body of `bytes` bytes, generated as it is read. */
function pdfStream(bytes: number): ReadableStream<Uint8Array> {
  let sent = 0;
  const header = new TextEncoder().encode("%PDF-1.7\n%bench\n");
  return new ReadableStream({
    pull(controller) {
      if (sent >= bytes) return controller.close();
      const size = Math.min(PIECE, bytes - sent);
      const piece = new Uint8Array(size).fill(0x41 + (sent % 26));
      if (sent === 0) piece.set(header.subarray(0, Math.min(header.length, size)));
      sent += size;
      controller.enqueue(piece);
    },
  });
}

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("run with node --expose-gc");

/**
 * Runs `work` while sampling memory every 10 ms: the peak RSS above the start, and the peak of what is still held
 * (heap and buffers right after a full GC at each sample: what the work keeps, not garbage waiting), in MB.
 */
async function peakDuring<T>(work: () => Promise<T>): Promise<{ result: T; rss: number; held: number }> {
  gc!();
  const base = process.memoryUsage();
  const live = (m: NodeJS.MemoryUsage) => m.heapUsed + m.external + m.arrayBuffers;
  let rss = base.rss;
  let held = live(base);
  const timer = setInterval(() => {
    gc!();
    const m = process.memoryUsage();
    rss = Math.max(rss, m.rss);
    held = Math.max(held, live(m));
  }, 10);
  try {
    const result = await work();
    return { result, rss: (rss - base.rss) / 1048576, held: (held - live(base)) / 1048576 };
  } finally {
    clearInterval(timer);
  }
}

const t = await createTestApp();
try {
  const user = await createSignedInUser(t, { companyName: "Bench Documents" });
  const orgs = (await (await t.request("/api/accounting/orgs", { cookie: user.cookie })).json()) as { organizations: { id: number }[] };
  const orgId = orgs.organizations[0]!.id;
  const { accounts } = (await (await t.request(`/api/accounting/orgs/${orgId}/accounts`, { cookie: user.cookie })).json()) as {
    accounts: { id: number }[];
  };
  const entry = (await (
    await t.request(`/api/accounting/orgs/${orgId}/entries`, {
      cookie: user.cookie,
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
  const base = `/api/entry-documents/${orgId}/${entry.entry.id}/documents`;
  const results: Record<string, unknown>[] = [];
  for (const mb of [1, 10]) {
    const bytes = mb === 10 ? 10 * 1024 * 1024 - 64 * 1024 : mb * 1024 * 1024;
    const upload = await peakDuring(async () => {
      const ids: number[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        const res = await t.request(`${base}?name=receipt-${mb}-${i}.pdf`, {
          method: "POST",
          cookie: user.cookie,
          body: pdfStream(bytes),
          headers: { "content-length": String(bytes) },
          duplex: "half",
        } as RequestInit);
        if (res.status !== 201) throw new Error(`upload: ${res.status} ${await res.text()}`);
        ids.push(((await res.json()) as { document: { id: number } }).document.id);
      }
      return ids;
    });
    const download = await peakDuring(async () => {
      let read = 0;
      for (const id of upload.result) {
        const res = await t.request(`${base}/${id}`, { cookie: user.cookie });
        if (!res.ok || !res.body) throw new Error(`download: ${res.status}`);
        for await (const piece of res.body as unknown as AsyncIterable<Uint8Array>) read += piece.byteLength;
      }
      return read;
    });
    if (download.result !== bytes * ROUNDS) throw new Error(`downloaded ${download.result} bytes, expected ${bytes * ROUNDS}`);
    results.push({
      file_mb: +(bytes / 1048576).toFixed(2),
      files: ROUNDS,
      upload_peak_rss_mb: +upload.rss.toFixed(1),
      upload_peak_held_mb: +upload.held.toFixed(1),
      download_peak_rss_mb: +download.rss.toFixed(1),
      download_peak_held_mb: +download.held.toFixed(1),
    });
    // Drafts' documents can be removed: keep the database small between sizes.
    await t.ctx.db.execute(sql`delete from entry_documents where journal_entry_id = ${entry.entry.id}`);
  }
  console.log(
    JSON.stringify(
      {
        database: process.env.TEST_DATABASE_URL ? "PostgreSQL" : "embedded (PGlite)",
        results,
        peak_rss_mb: +(process.resourceUsage().maxRSS / 1024).toFixed(0),
      },
      null,
      2,
    ),
  );
} finally {
  await t.close();
}
