import { sql } from "drizzle-orm";
import { safeParse } from "zod";
import { csvAmount, csvRows, csvTextBack, type CsvCell } from "~/lib/csv.ts";
import { csvRecords } from "~/server/files/csv-records.ts";
import { pgArray, queryRows, type Db } from "~/server/db/client.ts";
import { recordAudit, type AuditActor } from "~/server/audit.server.ts";
import { fileRowErrors, invalidInput, type FileRowError } from "~/server/http/app-error.ts";
import type { Membership } from "~/features/tenancy/tenancy.types.ts";
import { taxCodeSchema, type TaxCodeForm, type TaxCodeInput } from "./tax-codes.schema.ts";
import { insertTaxCode, listTaxCodes } from "./tax-codes.server.ts";
import type { TaxCodesImported } from "./tax.types.ts";

/*
 * Tax codes as CSV (decision 112): one row per part, the code's columns repeated on each of its rows; a code without
 * parts (exempt, out of scope) is one row with the part's columns blank. Boxes are separated by spaces ("03 54");
 * accounts are named by their code, so that a file made from one organization's books reads into another's. The
 * import takes the whole file or nothing: any bad cell is a 400 naming its line and column.
 *
 * Columns: code, name, kind (output | input | reverse_charge | exempt | zero_rated | out_of_scope), applies_to
 * (sales | purchases; blank: from the kind), valid_from, valid_to (YYYY-MM-DD or blank), base_boxes, archived (true |
 * false), part (1 to 9), part_name, rate (percent, up to 4 decimals), role (due | deductible), recoverable_percent
 * (blank: 100), account_code, boxes.
 */

export const TAX_CODES_CSV_HEADER = [
  "code",
  "name",
  "kind",
  "applies_to",
  "valid_from",
  "valid_to",
  "base_boxes",
  "archived",
  "part",
  "part_name",
  "rate",
  "role",
  "recoverable_percent",
  "account_code",
  "boxes",
] as const;
type Column = (typeof TAX_CODES_CSV_HEADER)[number];

const REQUIRED: Column[] = ["code", "name", "kind"];
const CODE_COLUMNS: Column[] = ["name", "kind", "applies_to", "valid_from", "valid_to", "base_boxes", "archived"];
const PART_COLUMNS: Column[] = ["part_name", "rate", "role", "recoverable_percent", "account_code", "boxes"];
/** The column of a part's field, and of a code's field, as the schema names them. */
const PART_FIELD_COLUMN: Record<string, Column> = {
  name: "part_name",
  rate: "rate",
  role: "role",
  recoverable_percent: "recoverable_percent",
  account_id: "account_code",
  boxes: "boxes",
};

export async function taxCodesCsv(db: Db, m: Membership): Promise<string> {
  const codes = await listTaxCodes(db, m, { includeArchived: true });
  const accounts = await queryRows<{ id: number; account_code: string }>(
    db,
    sql`select id, account_code from chart_of_accounts where organization_id = ${m.organizationId}`,
  );
  const codeOf = new Map(accounts.map((a) => [Number(a.id), a.account_code]));
  const rows: CsvCell[][] = [];
  for (const c of codes) {
    const head: CsvCell[] = [c.code, c.name, c.kind, c.applies_to, c.valid_from, c.valid_to, c.base_boxes.join(" "), c.archived];
    if (c.parts.length === 0) rows.push([...head, null, null, null, null, null, null, null]);
    for (const p of c.parts)
      rows.push([
        ...head,
        p.part_no,
        p.name,
        csvAmount(p.rate),
        p.role,
        csvAmount(p.recoverable_percent),
        codeOf.get(p.account_id) ?? "",
        p.boxes.join(" "),
      ]);
  }
  return `${csvRows([...TAX_CODES_CSV_HEADER], rows)}\r\n`;
}

interface Row {
  line: number;
  cells: Partial<Record<Column, string>>;
}

/** The file's rows under its header, each with the line it starts on; a header naming an unknown column is refused. */
function readRows(text: string): Row[] {
  const [header, ...data] = csvRecords(text);
  if (!header) throw invalidInput({ file: "The file is empty" }, "The file is empty");
  const names = header.cells.map((h) => h.trim().toLowerCase());
  const errors: FileRowError[] = [];
  names.forEach((n, i) => {
    if (!(TAX_CODES_CSV_HEADER as readonly string[]).includes(n))
      errors.push({ line: header.line, column: n || `column ${i + 1}`, message: `Unknown column "${n.slice(0, 40)}"` });
  });
  for (const r of REQUIRED)
    if (!names.includes(r)) errors.push({ line: header.line, column: r, message: `The header needs a column ${r}` });
  if (errors.length) throw fileRowErrors(errors);
  if (data.length === 0) throw invalidInput({ file: "The file has no tax codes" }, "The file has no tax codes");
  return data.map(({ line, cells }) => ({
    line,
    cells: Object.fromEntries(names.map((n, i) => [n, csvTextBack((cells[i] ?? "").trim())])) as Row["cells"],
  }));
}

const BOOLEAN: Record<string, boolean> = { "": false, true: true, false: false, yes: true, no: false, "1": true, "0": false };

interface Planned {
  input: TaxCodeInput;
  archived: boolean;
  line: number;
}

/** Reads and checks the whole file: every code as the tax-code form would save it, or every error found. */
async function planImport(db: Db, m: Membership, text: string): Promise<Planned[]> {
  const rows = readRows(text.replace(/^\uFEFF/, ""));
  const errors: FileRowError[] = [];
  const groups = new Map<string, Row[]>();
  for (const r of rows) {
    const code = r.cells.code ?? "";
    if (!code) {
      errors.push({ line: r.line, column: "code", message: "Code is required" });
      continue;
    }
    groups.set(code, [...(groups.get(code) ?? []), r]);
  }
  const accounts = await queryRows<{ id: number; account_code: string }>(
    db,
    sql`select id, account_code from chart_of_accounts where organization_id = ${m.organizationId} and is_active`,
  );
  const accountId = new Map(accounts.map((a) => [a.account_code, Number(a.id)]));
  const existing = new Set(
    (
      await queryRows<{ code: string }>(
        db,
        sql`select code from tax_codes where organization_id = ${m.organizationId} and code = any(${pgArray([...groups.keys()])}::text[])`,
      )
    ).map((r) => r.code),
  );

  const planned: Planned[] = [];
  for (const [code, group] of groups) {
    const [first] = group as [Row, ...Row[]];
    if (existing.has(code)) {
      errors.push({ line: first.line, column: "code", message: `A tax code ${code} already exists in these books` });
      continue;
    }
    for (const r of group.slice(1))
      for (const col of CODE_COLUMNS) {
        const v = r.cells[col] ?? "";
        if (v !== "" && v !== (first.cells[col] ?? ""))
          errors.push({ line: r.line, column: col, message: `Differs from line ${first.line}, the code's first row` });
      }
    const archived = BOOLEAN[(first.cells.archived ?? "").toLowerCase()];
    if (archived === undefined) errors.push({ line: first.line, column: "archived", message: "Archived must be true or false" });
    const partRows = group.filter((r) => PART_COLUMNS.some((col) => (r.cells[col] ?? "") !== ""));
    const parts = partRows.map((r) => {
      const account = r.cells.account_code ?? "";
      const id = accountId.get(account);
      if (account && id === undefined)
        errors.push({ line: r.line, column: "account_code", message: `No active account ${account.slice(0, 40)} in these books` });
      return {
        name: r.cells.part_name ?? "",
        rate: r.cells.rate ?? "",
        role: (r.cells.role ?? "") as "due",
        recoverable_percent: r.cells.recoverable_percent || undefined,
        account_id: id ?? (account ? 1 : 0),
        boxes: r.cells.boxes ?? "",
      };
    });
    const form: TaxCodeForm = {
      code,
      name: first.cells.name ?? "",
      kind: (first.cells.kind ?? "") as "output",
      applies_to: (first.cells.applies_to || null) as "sales" | null,
      valid_from: first.cells.valid_from || null,
      valid_to: first.cells.valid_to || null,
      base_boxes: first.cells.base_boxes ?? "",
      parts,
    };
    const parsed = safeParse(taxCodeSchema, form);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const [head, index, field] = issue.path.map(String);
        if (head === "parts" && index !== undefined && /^\d+$/.test(index) && partRows[Number(index)]) {
          const column = PART_FIELD_COLUMN[field ?? ""] ?? "part_name";
          errors.push({ line: partRows[Number(index)]!.line, column, message: issue.message });
        } else errors.push({ line: first.line, column: head === "parts" ? "part_name" : (head ?? "code"), message: issue.message });
      }
      continue;
    }
    planned.push({ input: parsed.data, archived: archived ?? false, line: first.line });
  }
  if (errors.length) throw fileRowErrors(errors.sort((a, b) => a.line - b.line));
  return planned;
}

/** Imports a CSV of tax codes: every code new to the books, all in one transaction, or nothing (400 naming line and column). */
export async function importTaxCodes(db: Db, m: Membership, actor: AuditActor, text: string): Promise<TaxCodesImported> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`tax-codes:${m.organizationId}`}))`);
    const planned = await planImport(tx, m, text);
    const created: string[] = [];
    for (const p of planned) {
      if ((await insertTaxCode(tx, m, p.input, p.archived)) === null)
        throw fileRowErrors([{ line: p.line, column: "code", message: `A tax code ${p.input.code} already exists in these books` }]);
      created.push(p.input.code);
    }
    await recordAudit(tx, actor, {
      action: "tax_codes.imported",
      targetType: "organization",
      targetId: m.organizationId,
      after: { created },
    });
    return { created };
  });
}
