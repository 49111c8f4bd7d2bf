/**
 * Books import benchmark (see bench/README.md): a journal CSV of 50,000 lines (12,500 entries of 4 lines) imported
 * through the API in process, on the embedded database, or on PostgreSQL with TEST_DATABASE_URL set. Prints the
 * preview and commit times and the process's peak RSS.
 *
 *   npx tsx bench/import-bench.ts
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/import-bench.ts
 */
import { createSignedInUser, createTestApp } from "../tests/support/test-app.ts";

const LINES = Number(process.env.BENCH_LINES ?? 50_000);

function journal(lines: number): string {
  const rows = ["entry,date,reference,description,account_code,account_name,debit,credit"];
  for (let e = 1; rows.length <= lines; e++) {
    const day = `2025-${String((e % 12) + 1).padStart(2, "0")}-${String((e % 28) + 1).padStart(2, "0")}`;
    const a = `${(e % 9000) + 10}.${String(e % 100).padStart(2, "0")}`;
    const key = `B${e}`;
    rows.push(`${key},${day},INV-${e},"Sale ${e}, with a comma",1000,Cash,${a},`);
    rows.push(`${key},${day},INV-${e},"Sale ${e}, with a comma",1100,Accounts Receivable,${a},`);
    rows.push(`${key},${day},INV-${e},"Sale ${e}, with a comma",4000,Sales Revenue,,${a}`);
    rows.push(`${key},${day},INV-${e},"Sale ${e}, with a comma",4100,Service Revenue,,${a}`);
  }
  return rows.join("\n") + "\n";
}

const t = await createTestApp();
try {
  const user = await createSignedInUser(t, { companyName: "Bench Import" });
  const orgs = (await (await t.request("/api/accounting/orgs", { cookie: user.cookie })).json()) as { organizations: { id: number }[] };
  const orgId = orgs.organizations[0]!.id;
  const file = journal(LINES);
  const send = async (step: string) => {
    const t0 = performance.now();
    const res = await t.request(`/api/books-csv/${orgId}/${step}?kind=journal`, {
      method: "POST",
      body: file,
      headers: { "content-type": "text/csv" },
      cookie: user.cookie,
    });
    const body = await res.text();
    if (!res.ok) throw new Error(`${step}: ${res.status} ${body.slice(0, 300)}`);
    return { seconds: (performance.now() - t0) / 1000, body };
  };
  const database = process.env.TEST_DATABASE_URL ? "PostgreSQL" : "embedded (PGlite)";
  const preview = await send("preview");
  const commit = await send("commit");
  const again = await send("commit");
  const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;
  console.log(
    JSON.stringify(
      {
        database,
        lines: LINES,
        file_mb: +(Buffer.byteLength(file) / 1048576).toFixed(1),
        preview_s: +preview.seconds.toFixed(2),
        commit_s: +commit.seconds.toFixed(2),
        commit_answer: JSON.parse(commit.body).message,
        second_commit_s: +again.seconds.toFixed(2),
        second_answer: JSON.parse(again.body).message,
        peak_rss: mb(process.resourceUsage().maxRSS),
      },
      null,
      2,
    ),
  );
} finally {
  await t.close();
}
