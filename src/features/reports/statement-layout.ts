import { centsToDecimal } from "~/lib/money.ts";
import type { AccountDetailType } from "~/features/ledger/index.ts";
import type { AccountType } from "~/features/ledger/index.ts";

/**
 * The laid-out statements' lines (Profit & Loss, Balance Sheet), for one or more columns (a period and its
 * comparisons): sections of accounts by detail type, each account rolled up with its sub-accounts, subtotals and
 * totals. Pure: the screen, the CSV and the printed report show the same items.
 */

/** An account with its balance in each column, signed by its type's rule (revenue and liabilities positive on credit). */
export interface StatementAccount {
  account_id: number;
  account_code: string;
  account_name: string;
  account_type: AccountType;
  detail_type: AccountDetailType;
  parent_id: number | null;
  amounts: bigint[];
  /** Posted activity in some column (shown even when it nets to zero). */
  moved: boolean;
}

export type StatementItemKind = "heading" | "account" | "line" | "subtotal" | "total";

/** One line of a statement; `amounts` has one decimal string per column ("" for a heading). */
export interface StatementItem {
  /** Stable across columns and periods: `account:12`, `section:current_asset`, `total:gross_profit`, `line:current_year_earnings`. */
  key: string;
  kind: StatementItemKind;
  label: string;
  /** Accounts: 1 at the top of their section, 2 for a sub-account…; other items 0. */
  level: number;
  amounts: string[];
  account_id?: number;
  account_code?: string;
  /** The key of the account it rolls into (same section), or null. */
  parent_key?: string | null;
  /** For an account with sub-accounts: its own balance, the row showing its own plus theirs. */
  own_amounts?: string[];
  has_children?: boolean;
  /** With comparisons: the change from each comparison column to the current one, and in per cent (null from zero). */
  changes?: { amount: string; percent: string | null }[];
}

export interface SectionSpec {
  key: string;
  heading: string;
  total: string;
  details: readonly AccountDetailType[];
  /** Left out when no account of it has a balance or activity in any column. */
  optional?: boolean;
}

const add = (a: bigint[], b: bigint[]) => a.map((x, i) => x + (b[i] ?? 0n));
const decimals = (xs: bigint[]) => xs.map(centsToDecimal);
const byCode = (a: StatementAccount, b: StatementAccount) =>
  a.account_code < b.account_code ? -1 : a.account_code > b.account_code ? 1 : 0;

/**
 * A section's accounts as a tree (an account's parent counts only when it is in the same section), each row the
 * account's own balance plus its sub-accounts'; an account is shown when it or one under it has a balance or moved.
 * Returns the items (depth first, by code) and the section's total per column.
 */
export function sectionItems(accounts: readonly StatementAccount[], columns: number): { items: StatementItem[]; total: bigint[] } {
  const ids = new Set(accounts.map((a) => a.account_id));
  const children = new Map<number | null, StatementAccount[]>();
  for (const a of accounts) {
    const parent = a.parent_id != null && ids.has(a.parent_id) && a.parent_id !== a.account_id ? a.parent_id : null;
    children.set(parent, [...(children.get(parent) ?? []), a]);
  }
  const zero = () => Array.from({ length: columns }, () => 0n);
  const seen = new Set<number>();
  const walk = (parent: number | null, level: number): { items: StatementItem[]; total: bigint[]; shown: boolean } => {
    const items: StatementItem[] = [];
    let total = zero();
    let shown = false;
    for (const a of [...(children.get(parent) ?? [])].sort(byCode)) {
      if (seen.has(a.account_id)) continue;
      seen.add(a.account_id);
      const below = walk(a.account_id, level + 1);
      const own = Array.from({ length: columns }, (_, i) => a.amounts[i] ?? 0n);
      const rolled = add(own, below.total);
      total = add(total, rolled);
      if (!(a.moved || below.shown || rolled.some((x) => x !== 0n))) continue;
      shown = true;
      items.push({
        key: `account:${a.account_id}`,
        kind: "account",
        label: `${a.account_code} ${a.account_name}`,
        level,
        amounts: decimals(rolled),
        account_id: a.account_id,
        account_code: a.account_code,
        parent_key: parent === null ? null : `account:${parent}`,
        has_children: below.items.length > 0,
        ...(below.items.length > 0 ? { own_amounts: decimals(own) } : {}),
      });
      items.push(...below.items);
    }
    return { items, total, shown };
  };
  const { items, total } = walk(null, 1);
  return { items, total };
}

/** A section: its heading, its accounts and its subtotal; left out when optional and empty. */
export function section(
  spec: SectionSpec,
  accounts: readonly StatementAccount[],
  columns: number,
): { items: StatementItem[]; total: bigint[] } {
  const { items, total } = sectionItems(
    accounts.filter((a) => spec.details.includes(a.detail_type)),
    columns,
  );
  if (spec.optional && items.length === 0) return { items: [], total };
  return {
    items: [
      { key: `section:${spec.key}`, kind: "heading", label: spec.heading, level: 0, amounts: [] },
      ...items,
      { key: `total:${spec.key}`, kind: "subtotal", label: spec.total, level: 0, amounts: decimals(total) },
    ],
    total,
  };
}

export const totalItem = (key: string, label: string, amounts: bigint[], kind: StatementItemKind = "total"): StatementItem => ({
  key: `total:${key}`,
  kind,
  label,
  level: 0,
  amounts: decimals(amounts),
});

export const lineItem = (key: string, label: string, amounts: bigint[]): StatementItem => ({
  key: `line:${key}`,
  kind: "line",
  label,
  level: 1,
  amounts: decimals(amounts),
});

export const headingItem = (key: string, label: string): StatementItem => ({
  key: `section:${key}`,
  kind: "heading",
  label,
  level: 0,
  amounts: [],
});

export const sub = (a: bigint[], b: bigint[]) => a.map((x, i) => x - (b[i] ?? 0n));
export { add as addColumns };
