import type { AccountType } from "~/features/ledger/index.ts";
import type { AccountDetailType } from "~/features/ledger/index.ts";
import { HEADER_ROWS, type ColumnMapping, type ImportField, type ImportKind } from "./import.schema.ts";
import { looksLikeDate, NUMBER_FORMATS, parseAmount, type NumberFormat } from "./import-values.ts";

/** A file's layout: which row names the columns (found below a title or notes), and which column holds which field. */

/** A header name without accents, a bracketed unit (`Soll (€)`), punctuation or case: `Beträge (€)` → `betrage`. */
const squash = (s: string) =>
  s
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/\(.*?\)/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");

/** Header names other programs (and our own export) give each field, in English, German (DATEV and others) and French. */
const NAMES: Record<ImportKind, Partial<Record<ImportField, string[]>>> = {
  chart: {
    code: [
      "code",
      "accountcode",
      "accountnumber",
      "number",
      "accountno",
      "no",
      "konto",
      "kontonummer",
      "kontonr",
      "compte",
      "numerodecompte",
    ],
    name: ["name", "accountname", "title", "bezeichnung", "kontobezeichnung", "kontoname", "beschriftung", "libelle", "intitule"],
    type: ["type", "accounttype", "roottype", "category", "kontoart", "kontotyp", "typ"],
    detail_type: ["detailtype", "detail", "subtype", "accountsubtype", "detailaccounttype"],
    parent: ["parentcode", "parent", "parentaccount", "parentaccountcode", "parentnumber", "oberkonto", "sammelkonto"],
  },
  journal: {
    entry: ["entry", "entrykey", "entrynumber", "entryno", "txnidx", "transaction", "transactionid", "move", "moveid", "journalentry"],
    date: ["date", "entrydate", "postingdate", "transactiondate", "datum", "buchungsdatum", "belegdatum", "buchungstag", "dateecriture"],
    reference: [
      "reference",
      "ref",
      "code",
      "voucherno",
      "documentnumber",
      "belegnr",
      "belegnummer",
      "belegfeld1",
      "beleg",
      "piece",
      "numeropiece",
    ],
    description: ["description", "memo", "narration", "label", "payee", "buchungstext", "text", "beschreibung", "libelle"],
    account: ["account", "accountcode", "accountnumber", "accountno", "konto", "kontonummer", "kontonr", "compte", "numerodecompte"],
    account_name: ["accountname", "kontobezeichnung", "kontoname", "libellecompte", "intitulecompte"],
    debit: ["debit", "debitamount", "dr", "soll", "sollbetrag"],
    credit: ["credit", "creditamount", "cr", "haben", "habenbetrag"],
    amount: ["amount", "value", "betrag", "umsatz", "montant"],
    external_ref: ["externalref", "externalreference", "importref"],
    tax_code: ["taxcode", "tax", "vatcode", "steuerschlussel", "steuercode", "codetva"],
    tax_part: ["taxpart", "taxpartno"],
    tax_base: ["taxbase", "taxableamount", "bemessungsgrundlage", "basetva"],
  },
  opening: {
    account: ["account", "accountcode", "accountnumber", "accountno", "code", "number", "konto", "kontonummer", "kontonr", "compte"],
    account_name: ["accountname", "name", "kontobezeichnung", "bezeichnung", "kontoname", "libelle", "intitule"],
    debit: ["debit", "debitamount", "dr", "openingdebit", "soll"],
    credit: ["credit", "creditamount", "cr", "openingcredit", "haben"],
    amount: ["amount", "balance", "openingbalance", "saldo", "anfangssaldo", "betrag", "solde"],
  },
};

const isNumberCell = (s: string) => s.trim() !== "" && NUMBER_FORMATS.some((f) => parseAmount(s, f).ok);
const filled = (row: string[] | undefined) => (row ?? []).filter((c) => c.trim() !== "").length;
/** A row of names: something written, none of it a date or a number. */
const namesOnly = (row: string[] | undefined) => filled(row) > 0 && !row!.some((c) => looksLikeDate(c) || isNumberCell(c));
/** How many of a row's cells are header names of the kind's fields. */
const knownNames = (kind: ImportKind, row: string[]) => {
  const names = new Set(Object.values(NAMES[kind]).flat());
  return row.filter((c) => names.has(squash(c))).length;
};

/**
 * The row that names the columns (0-based), or -1: among the first HEADER_ROWS, a row of names only, of at least two
 * cells and more than every row above it (a title, notes: "Buchungsjournal … (Beträge in €)"), the one with the most
 * names the kind knows; when none knows any, the first such row before the data starts (none: the file has no header).
 */
export function findHeaderRow(kind: ImportKind, rows: string[][]): number {
  let [best, bestNames, firstPlain, firstData, most] = [-1, 0, -1, -1, 0];
  for (let i = 0; i < Math.min(rows.length, HEADER_ROWS); i++) {
    const row = rows[i]!;
    const n = filled(row);
    if (namesOnly(row) && n >= 2 && n > most) {
      const known = knownNames(kind, row);
      if (known > bestNames) [best, bestNames] = [i, known];
      if (firstPlain < 0) firstPlain = i;
    } else if (!namesOnly(row) && n >= 2 && firstData < 0) firstData = i;
    most = Math.max(most, n);
  }
  if (best >= 0) return best;
  if (firstPlain >= 0 && (firstData < 0 || firstPlain < firstData)) return firstPlain;
  return namesOnly(rows[0]) ? 0 : -1;
}

/** The header's names, or "Column 1", "Column 2"… for a file without one (and for a header's empty cells). */
export function columnNames(rows: string[][], headerRow: number): string[] {
  const header = rows[headerRow] ?? [];
  const width = Math.max(header.length, ...rows.slice(headerRow + 1, headerRow + 51).map((r) => r.length));
  return Array.from({ length: width }, (_, i) => (header[i] ?? "").trim() || `Column ${i + 1}`);
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
export function guessMapping(kind: ImportKind, rows: string[][], headerRow: number, numberFormat: NumberFormat): ColumnMapping {
  const mapping: ColumnMapping = {};
  if (headerRow >= 0) {
    const names = (rows[headerRow] ?? []).map(squash);
    for (const [field, candidates] of Object.entries(NAMES[kind]) as [ImportField, string[]][]) {
      const at = candidates.map((c) => names.indexOf(c)).find((i) => i >= 0 && !Object.values(mapping).includes(i));
      if (at !== undefined) mapping[field] = at;
    }
    // hledger writes a signed amount and the two sides: the sides are enough.
    if (mapping.debit !== undefined && mapping.credit !== undefined) delete mapping.amount;
    // Opening balances named by account name alone.
    if (kind === "opening" && mapping.account === undefined && mapping.account_name !== undefined)
      [mapping.account, mapping.account_name] = [mapping.account_name, undefined];
    if (mapping.account_name === undefined) delete mapping.account_name;
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
  if (kind === "journal") pick("date", (i) => all(i, looksLikeDate));
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
  if (longest >= 0) mapping[kind === "journal" ? "description" : "account_name"] = longest;
  return mapping;
}

/** Fields a kind cannot do without (one of each group). */
export function missingFields(kind: ImportKind, mapping: ColumnMapping): string[] {
  const has = (f: ImportField) => mapping[f] !== undefined;
  if (kind === "chart") return has("code") || has("name") ? [] : ["code"];
  const missing: string[] = [];
  if (kind === "journal" && !has("date")) missing.push("date");
  if (!has("account")) missing.push("account");
  if (!has("debit") && !has("credit") && !has("amount")) missing.push("debit");
  return missing;
}
