/**
 * CSV uploads and the event loop (see bench/README.md): through the API in process on the embedded database, each
 * case times the answer and the longest stall of the event loop while it runs (a 5 ms timer's largest lateness):
 *
 * - `bank-1m`: a bank CSV of 1,000,000 lines (over the statement's cap) sent to the statement preview;
 * - `books-200k`: a books journal CSV of 200,000 rows (the cap) sent to the import preview;
 * - `books-over`: the same with one row more (refused naming the cap);
 * - `bank-100k`: a bank CSV of 100,000 transactions (the cap) sent to the statement preview;
 * - `bank-import-100k`: the same file imported (written to the database);
 * - `books-commit-20k`: a books journal CSV of 20,000 rows imported (10,000 entries posted).
 *
 *   npx tsx bench/csv-loop-bench.ts [case ...]
 */
import { createSignedInUser, createTestApp } from "../tests/support/test-app.ts";

const CASES = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ["bank-1m", "books-200k", "books-over", "bank-100k"];

function bankCsv(lines: number): Buffer {
  const rows = ["Date,Description,Amount"];
  for (let i = 1; i < lines; i++)
    rows.push(`2025-${String((i % 12) + 1).padStart(2, "0")}-${String((i % 28) + 1).padStart(2, "0")},F,-${i % 97}`);
  return Buffer.from(rows.join("\n") + "\n");
}

function journalCsv(rows: number): Buffer {
  const out = ["entry,date,description,account_code,debit,credit"];
  for (let e = 1; out.length < rows; e++) {
    const day = `2025-${String((e % 12) + 1).padStart(2, "0")}-${String((e % 28) + 1).padStart(2, "0")}`;
    out.push(`E${e},${day},"Sale ${e}, paid",1000,${e % 900}.10,`, `E${e},${day},"Sale ${e}, paid",4000,,${e % 900}.10`);
  }
  return Buffer.from(out.slice(0, rows).join("\n") + "\n");
}

/**
 * Runs `work` and the longest stall of the event loop meanwhile: the largest gap between two ticks of a 5 ms timer,
 * as wall time and as the process's CPU time in that gap (on a loaded machine a gap may be time the process was not
 * running at all; the CPU time is what it spent holding the loop).
 */
async function stalls<T>(work: () => Promise<T>): Promise<{ ms: number; maxStallMs: number; maxStallCpuMs: number; result: T }> {
  let last = performance.now();
  let lastCpu = process.cpuUsage();
  let max = 0;
  let maxCpu = 0;
  const tick = () => {
    const now = performance.now();
    const cpu = process.cpuUsage(lastCpu);
    const wall = now - last;
    const busy = Math.min(wall, (cpu.user + cpu.system) / 1000);
    if (busy > 50 && process.env.BENCH_STALL_TRACE) {
      const us = Number(process.hrtime.bigint() / 1000n);
      console.error(`stall ${Math.round(wall)} ms (cpu ${Math.round(busy)} ms): ${us - Math.round(wall * 1000)} .. ${us}`);
    }
    max = Math.max(max, wall - 5);
    maxCpu = Math.max(maxCpu, busy - 5);
    last = now;
    lastCpu = process.cpuUsage();
  };
  const probe = setInterval(tick, 5);
  const t0 = performance.now();
  try {
    const result = await work();
    tick();
    return { ms: Math.round(performance.now() - t0), maxStallMs: Math.round(max), maxStallCpuMs: Math.round(maxCpu), result };
  } finally {
    clearInterval(probe);
  }
}

const t = await createTestApp();
try {
  const user = await createSignedInUser(t, { companyName: "Bench CSV" });
  const call = (p: string, init: RequestInit & { json?: unknown } = {}) => t.request(p, { ...init, cookie: user.cookie });
  const { organizations } = (await (await call("/api/accounting/orgs")).json()) as { organizations: { id: number }[] };
  const orgId = organizations[0]!.id;
  const { accounts } = (await (await call(`/api/accounting/orgs/${orgId}/accounts`)).json()) as {
    accounts: { id: number; account_code: string }[];
  };
  const cash = accounts.find((a) => a.account_code === "1000")!.id;
  const made = await call(`/api/bank/${orgId}/accounts`, { json: { name: "Bench", kind: "bank", account_id: cash, currency: "USD" } });
  const made_ = (await made.json()) as { account?: { id: number } };
  if (!made_.account) throw new Error(`bank account: ${made.status} ${JSON.stringify(made_)}`);
  const account = made_.account;
  // The request is made before the clock starts: copying a 16 MB body into it is the sender's work, not the server's.
  const send = (p: string, body: Buffer) => {
    const request = new Request(`http://localhost:3000${p}`, {
      method: "POST",
      body: new Uint8Array(body),
      headers: { "content-type": "text/csv", origin: "http://localhost:3000", cookie: user.cookie },
    });
    return stalls(async () => {
      const res = await t.app.request(request);
      return { status: res.status, text: (await res.text()).slice(0, 160) };
    });
  };
  for (const name of CASES) {
    const rows = {
      "bank-1m": 1_000_000,
      "bank-100k": 100_001,
      "bank-import-100k": 100_001,
      "books-over": 200_001,
      "books-commit-20k": 20_001,
    }[name];
    const file = name.startsWith("bank") ? bankCsv(rows ?? 0) : journalCsv(rows ?? 200_000);
    const statements = `/api/bank/${orgId}/accounts/${account.id}/statements`;
    const path = name.startsWith("bank-import")
      ? `${statements}?name=bench.csv`
      : name.startsWith("bank")
        ? `${statements}/preview?name=bench.csv`
        : `/api/books-csv/${orgId}/${name.startsWith("books-commit") ? "commit" : "preview"}?kind=journal`;
    const r = await send(path, file);
    console.log(
      JSON.stringify({
        case: name,
        mb: +(file.length / 1048576).toFixed(1),
        ms: r.ms,
        max_stall_ms: r.maxStallMs,
        max_stall_cpu_ms: r.maxStallCpuMs,
        ...r.result,
      }),
    );
  }
} finally {
  await t.close();
}
