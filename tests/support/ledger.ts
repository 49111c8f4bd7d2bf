import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Papa from "papaparse";
import { expect } from "vitest";

const cents = (d: string) => Math.round(Number(d) * 100);

/** Each account's balance (debits − credits, in cents) by Debian's `ledger bal` over the exported journal CSV. */
export function ledgerBalances(csv: string): Map<string, number> {
  const rows = Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true }).data;
  const entries = new Map<string, Record<string, string>[]>();
  for (const r of rows) entries.set(r.entry!, [...(entries.get(r.entry!) ?? []), r]);
  let journal = "";
  for (const lines of entries.values()) {
    journal += `\n${lines[0]!.date} * ${lines[0]!.entry}\n`;
    for (const l of lines) journal += `    Books:${l.account_code}  $${l.debit && cents(l.debit) !== 0 ? l.debit : `-${l.credit}`}\n`;
  }
  const dir = mkdtempSync(path.join(tmpdir(), "ledger-books-"));
  try {
    const file = path.join(dir, "books.ledger");
    writeFileSync(file, journal);
    const r = spawnSync("ledger", ["-f", file, "bal", "--flat", "--no-total", "-F", "%(account)\t%(quantity(display_total))\n"], { encoding: "utf8" });
    expect(r.error, "Debian's ledger must be installed (apt-get install ledger)").toBeUndefined();
    expect(r.status, r.stderr).toBe(0);
    return new Map(
      r.stdout
        .trim()
        .split("\n")
        .filter(Boolean)
        .map((line) => {
          const [account, quantity] = line.split("\t");
          return [account!.replace("Books:", ""), cents(quantity!.replace(/[$,]/g, ""))] as const;
        }),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

