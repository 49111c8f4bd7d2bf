import type { AccountType } from "~/features/ledger/index.ts";
import type { RowError } from "./import-rows.ts";

/**
 * The parents of a chart file's new accounts: the parent cell names an account of the file or of the chart, by code
 * (else by name), of the same type; new accounts must not make a cycle among themselves. Pure.
 */

export interface ParentCandidate {
  code: string;
  name: string;
  type: AccountType;
}
export interface NewChartAccount extends ParentCandidate {
  line: number;
  /** The parent cell as the file writes it. */
  parent: string | null;
}

/** Each new account's parent code (null: none), and the rows whose parent cannot be used. */
export function resolveParents(
  fresh: readonly NewChartAccount[],
  existing: readonly ParentCandidate[],
  parentColumn: string,
): { parentOf: Map<string, string>; errors: RowError[] } {
  const byCode = new Map<string, ParentCandidate>();
  const byName = new Map<string, ParentCandidate>();
  for (const a of [...existing, ...fresh]) {
    byCode.set(a.code.toLowerCase(), a);
    if (!byName.has(a.name.toLowerCase())) byName.set(a.name.toLowerCase(), a);
  }
  const parentOf = new Map<string, string>();
  const errors: RowError[] = [];
  const fail = (line: number, message: string) => errors.push({ line, column: parentColumn, message });
  for (const a of fresh) {
    if (!a.parent) continue;
    const p = byCode.get(a.parent.toLowerCase()) ?? byName.get(a.parent.toLowerCase());
    if (!p) fail(a.line, `"${a.parent}" is neither an account of the file nor of the chart`);
    else if (p.type !== a.type) fail(a.line, `the parent ${p.code} is ${p.type}, not ${a.type}`);
    else if (p.code === a.code) fail(a.line, "an account cannot be its own parent");
    else parentOf.set(a.code, p.code);
  }
  const looped = fresh.filter((a) => {
    const seen = new Set([a.code]);
    for (let p = parentOf.get(a.code); p !== undefined; p = parentOf.get(p)) {
      if (seen.has(p)) return true;
      seen.add(p);
    }
    return false;
  });
  for (const a of looped) {
    fail(a.line, "the parents make a cycle");
    parentOf.delete(a.code);
  }
  errors.sort((x, y) => x.line - y.line);
  return { parentOf, errors };
}
