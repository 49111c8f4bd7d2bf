import type { AccountType } from "./reports.ts";
import type { AccountDetailType } from "./account-detail-types.ts";
import type { ColumnMapping, ImportField, ImportKind } from "./import.schema.ts";
import { looksLikeDate, NUMBER_FORMATS, parseAmount, type NumberFormat } from "./import-values.ts";

/** A file's layout: whether its first row names the columns, and which column holds which field (guessed). */

const squash = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, "");

/** Header names other programs (and our own export) give each field. */
const NAMES: Record<ImportKind, Partial<Record<ImportField, string[]>>> = {
  chart: {
    code: ["code", "accountcode", "accountnumber", "number", "accountno", "no"],
    name: ["name", "accountname", "title"],
    type: ["type", "accounttype", "roottype", "category"],
    detail_type: ["detailtype", "detail", "subtype", "accountsubtype", "detailaccounttype"],
    parent: ["parentcode", "parent", "parentaccount", "parentaccountcode", "parentnumber"],
  },
  journal: {
    entry: ["entry", "entrykey", "entrynumber", "entryno", "txnidx", "transaction", "transactionid", "move", "moveid", "journalentry"],
    date: ["date", "entrydate", "postingdate", "transactiondate"],
    reference: ["reference", "ref", "code", "voucherno", "documentnumber"],
    description: ["description", "memo", "narration", "label", "payee"],
    account: ["account", "accountcode", "accountnumber", "accountno"],
    account_name: ["accountname"],
    debit: ["debit", "debitamount", "dr"],
    credit: ["credit", "creditamount", "cr"],
    amount: ["amount", "value"],
    external_ref: ["externalref", "externalreference", "importref"],
  },
};

const isNumberCell = (s: string) => s.trim() !== "" && NUMBER_FORMATS.some((f) => parseAmount(s, f).ok);

/** The first row is a header when none of its cells reads as a date or a number. */
export function firstRowIsHeader(first: string[] | undefined): boolean {
  if (!first || first.every((c) => c.trim() === "")) return false;
  return !first.some((c) => looksLikeDate(c) || isNumberCell(c));
}

/** The header's names, or "Column 1", "Column 2"… for a file without one. */
export function columnNames(rows: string[][], header: boolean): string[] {
  const width = Math.max(0, ...rows.slice(0, 50).map((r) => r.length));
  return Array.from({ length: width }, (_, i) => (header ? (rows[0]?.[i] ?? "").trim() : "") || `Column ${i + 1}`);
}

/** The type an account type text means: Odoo's `asset_receivable`, ERPNext's `Income`, hledger's `expenses:food`. */
export function typeFrom(text: string): AccountType | null {
  const t = text.trim().toLowerCase();
  if (/^assets?\b|^asset_/.test(t)) return "Asset";
  if (/^liabilit/.test(t)) return "Liability";
  if (/^equity/.test(t)) return "Equity";
  if (/^(income|revenue)/.test(t)) return "Revenue";
  if (/^(expense|cost)/.test(t)) return "Expense";
  return null;
}

/**
 * The detail type an account type text says, where it says one: Odoo's `asset_fixed`, `liability_non_current`,
 * `expense_direct_cost`, `income_other`; null for a bare type (the account then takes its type's default by name).
 */
export function detailFromType(text: string): AccountDetailType | null {
  const t = text.trim().toLowerCase();
  if (/^asset_(current|receivable|cash|prepayments)$/.test(t)) return "current_asset";
  if (t === "asset_fixed") return "fixed_asset";
  if (t === "asset_non_current") return "other_asset";
  if (/^liability_(current|payable|credit_card)$/.test(t)) return "current_liability";
  if (t === "liability_non_current") return "long_term_liability";
  if (t === "income_other") return "other_income";
  if (t === "expense_direct_cost") return "cost_of_sales";
  return null;
}

/** A type for a new account: from its name or code's words, else by its code's first digit (1 asset … 5+ expense). */
export function guessType(code: string, name = ""): AccountType {
  const named = typeFrom(name) ?? typeFrom(code);
  if (named) return named;
  const digit = /^\d/.exec(code.trim())?.[0];
  return ({ "1": "Asset", "2": "Liability", "3": "Equity", "4": "Revenue" } as Record<string, AccountType>)[digit ?? ""] ?? "Expense";
}

/** Columns by header name; for a file without a header, by what the cells hold. */
export function guessMapping(kind: ImportKind, rows: string[][], header: boolean, numberFormat: NumberFormat): ColumnMapping {
  const mapping: ColumnMapping = {};
  if (header) {
    const names = (rows[0] ?? []).map(squash);
    for (const [field, candidates] of Object.entries(NAMES[kind]) as [ImportField, string[]][]) {
      const at = candidates.map((c) => names.indexOf(c)).find((i) => i >= 0 && !Object.values(mapping).includes(i));
      if (at !== undefined) mapping[field] = at;
    }
    // hledger writes a signed amount and the two sides: the sides are enough.
    if (mapping.debit !== undefined && mapping.credit !== undefined) delete mapping.amount;
    return mapping;
  }
  const sample = rows.slice(0, 50);
  const width = Math.max(0, ...sample.map((r) => r.length));
  const cells = (i: number) => sample.map((r) => (r[i] ?? "").trim());
  const all = (i: number, test: (s: string) => boolean) => cells(i).every(test);
  const used = new Set<number>();
  const pick = (field: ImportField, test: (i: number) => boolean) => {
    for (let i = 0; i < width; i++) {
      if (!used.has(i) && test(i)) {
        mapping[field] = i;
        used.add(i);
        return;
      }
    }
  };
  const text = (i: number) => all(i, (s) => s !== "") && !all(i, (s) => isNumberCell(s));
  if (kind === "chart") {
    pick("type", (i) => all(i, (s) => typeFrom(s) !== null));
    pick("code", (i) => all(i, (s) => /^\d{2,}$/.test(s)));
    pick("name", text);
    return mapping;
  }
  pick("date", (i) => all(i, looksLikeDate));
  const amounts = Array.from({ length: width }, (_, i) => i).filter(
    (i) => !used.has(i) && all(i, (s) => s === "" || parseAmount(s, numberFormat).ok) && cells(i).some((s) => /\d[.,]\d{1,2}$/.test(s)),
  );
  if (amounts.length >= 2) [mapping.debit, mapping.credit] = amounts.slice(-2) as [number, number];
  else if (amounts.length === 1) mapping.amount = amounts[0];
  amounts.forEach((i) => used.add(i));
  pick("account", (i) => all(i, (s) => /^\d{3,}$/.test(s)));
  if (mapping.account === undefined) pick("account", text);
  let longest = -1;
  for (let i = 0; i < width; i++) {
    const length = cells(i).reduce((n, s) => n + s.length, 0);
    if (!used.has(i) && text(i) && (longest < 0 || length > cells(longest).reduce((n, s) => n + s.length, 0))) longest = i;
  }
  if (longest >= 0) mapping.description = longest;
  return mapping;
}

/** Fields a kind cannot do without (one of each group). */
export function missingFields(kind: ImportKind, mapping: ColumnMapping): string[] {
  const has = (f: ImportField) => mapping[f] !== undefined;
  if (kind === "chart") return has("code") || has("name") ? [] : ["code"];
  const missing: string[] = [];
  if (!has("date")) missing.push("date");
  if (!has("account")) missing.push("account");
  if (!has("debit") && !has("credit") && !has("amount")) missing.push("debit");
  return missing;
}
