import { sql } from "drizzle-orm";
import { pgArray, queryRows, type Db } from "~/server/db/client.ts";
import { invalidInput } from "~/server/http/app-error.ts";
import { centsToDecimal, toCents } from "~/lib/money.ts";
import type { Membership } from "~/features/tenancy/tenancy.types.ts";
import type { EntryInput } from "./ledger.schema.ts";
import { overrideOutside, taxEntry, type MathCode, type PostedLine, type TaxOverride } from "./line-tax.ts";
import type { TaxAmounts, TaxRounding } from "./tax.types.ts";

/** A line as written to journal_entry_lines (journal-rows.server.ts): numbered from 1, exact decimal amounts, its tax. */
export interface PreparedLine {
  line_no: number;
  account_id: number;
  description: string | null;
  debit_amount: string;
  credit_amount: string;
  tax_code_id?: number | null;
  tax_part_no?: number | null;
  tax_base?: string | null;
  /** The customer or supplier of a receivable or payable line. */
  contact_id?: number | null;
}

type TaxedInput = Pick<EntryInput, "lines" | "entry_date"> &
  Partial<Pick<EntryInput, "tax_amounts" | "tax_overrides">> & {
    /**
     * A line added last that balances the entry: its amount is what the others add up to once their tax is made (an
     * invoice's receivable line carries its total). Left out: the lines must balance themselves.
     */
    balanceWith?: { account_id: number; contact_id: number | null; description: string | null };
  };

interface CodeRow {
  id: number;
  code: string;
  name: string;
  kind: MathCode["kind"];
  applies_to: MathCode["applies_to"];
  valid_from: string | null;
  valid_to: string | null;
  archived: boolean;
  parts: (MathCode["parts"][number] & { account_active: boolean })[];
}

/** The organization's tax codes of these ids with their parts, and how it enters and rounds tax. */
export async function loadTaxCodes(
  db: Db,
  organizationId: number,
  ids: number[],
): Promise<{ codes: Map<number, CodeRow>; amounts: TaxAmounts; rounding: TaxRounding }> {
  const rows = await queryRows<CodeRow & { tax_amounts: TaxAmounts; tax_rounding: TaxRounding }>(
    db,
    sql`select c.id, c.code, c.name, c.kind, c.applies_to, c.valid_from::text, c.valid_to::text, c.archived_at is not null as archived,
               o.tax_amounts, o.tax_rounding,
               coalesce((select json_agg(json_build_object('part_no', p.part_no, 'name', p.name, 'rate', p.rate::text, 'role', p.role,
                                                           'recoverable_percent', p.recoverable_percent::text, 'account_id', p.account_id,
                                                           'account_active', a.is_active) order by p.part_no)
                           from tax_code_parts p join chart_of_accounts a on a.id = p.account_id
                          where p.tax_code_id = c.id), '[]') as parts
          from organizations o left join tax_codes c on c.organization_id = o.id and c.id = any(${pgArray(ids)}::integer[])
         where o.id = ${organizationId}`,
  );
  const first = rows[0];
  const codes = new Map(rows.filter((r) => r.id != null).map((r) => [Number(r.id), { ...r, id: Number(r.id) }]));
  return { codes, amounts: first?.tax_amounts ?? "exclusive", rounding: first?.tax_rounding ?? "line" };
}

/**
 * The lines to write for an entry: as typed when no line names a tax code; otherwise each taxed line net of its tax
 * (or with the share not recovered) and one tax line per code and part (line-tax.ts). Refused with a 400 naming the
 * field: a code that is not the organization's, archived or not valid on the entry's date, one whose account is
 * inactive, a typed tax too far from the computed one, and lines that no longer balance once their tax is added.
 */
export async function prepareEntryLines(db: Db, m: Membership, input: TaxedInput): Promise<{ lines: PreparedLine[]; total: string }> {
  return (await prepareEntriesLines(db, m, [input]))[0]!;
}

/** As prepareEntryLines, for many entries at once (an import, a bank rule's batch): the codes are read once. */
export async function prepareEntriesLines(db: Db, m: Membership, inputs: TaxedInput[]): Promise<{ lines: PreparedLine[]; total: string }[]> {
  const ids = [...new Set(inputs.flatMap((input) => input.lines.flatMap((l) => (l.tax_code_id == null ? [] : [l.tax_code_id]))))];
  const tax = ids.length > 0 ? await loadTaxCodes(db, m.organizationId, ids) : null;
  await assertContacts(db, m.organizationId, inputs);
  return inputs.map((input) => linesOf(input, tax));
}

/** A line's contact must be one of the organization's (not merged into another): a 400 naming the first line that is not. */
async function assertContacts(db: Db, organizationId: number, inputs: TaxedInput[]): Promise<void> {
  const ids = [...new Set(inputs.flatMap((input) => input.lines.flatMap((l) => (l.contact_id == null ? [] : [l.contact_id]))))];
  if (ids.length === 0) return;
  const found = await queryRows<{ id: number }>(
    db,
    sql`select id from contacts where organization_id = ${organizationId} and merged_into is null and id = any(${pgArray(ids)}::integer[])`,
  );
  const ok = new Set(found.map((r) => Number(r.id)));
  for (const input of inputs)
    input.lines.forEach((l, i) => {
      if (l.contact_id != null && !ok.has(l.contact_id)) {
        const key = `lines.${i}.contact_id`;
        throw invalidInput({ [key]: "Contact not found" }, `${key}: Contact not found`);
      }
    });
}

/** A line as posted, in signed cents (debit positive), before it is written as decimals. */
type Posted = PostedLine & { contact_id?: number | null };

function linesOf(input: TaxedInput, tax: Awaited<ReturnType<typeof loadTaxCodes>> | null): { lines: PreparedLine[]; total: string } {
  const typed = input.lines.map((l, i) => ({
    i,
    account_id: l.account_id,
    description: l.description ? l.description : null,
    amount: toCents(l.debit_amount)! - toCents(l.credit_amount)!,
    tax_code_id: l.tax_code_id ?? null,
    contact_id: l.contact_id ?? null,
  }));
  let posted: Posted[] = typed.map((l) => ({ ...l, tax_part_no: null, tax_base: null }));
  if (tax && typed.some((l) => l.tax_code_id != null)) {
    const { codes, amounts, rounding } = tax;
    for (const l of typed) {
      if (l.tax_code_id == null) continue;
      const key = `lines.${l.i}.tax_code_id`;
      const code = codes.get(l.tax_code_id);
      const refuse = (message: string) => invalidInput({ [key]: message }, `${key}: ${message}`);
      if (!code) throw refuse("Tax code not found");
      if (code.archived) throw refuse(`Tax code ${code.code} is archived`);
      if ((code.valid_from && input.entry_date < code.valid_from) || (code.valid_to && input.entry_date > code.valid_to))
        throw refuse(
          `Tax code ${code.code} is not valid on ${input.entry_date} (valid ${code.valid_from ?? "always"} to ${code.valid_to ?? "open-ended"})`,
        );
      if (code.parts.some((p) => !p.account_active)) throw refuse(`The tax account of tax code ${code.code} is inactive`);
    }
    const overrides: TaxOverride[] = (input.tax_overrides ?? []).map((o) => ({ ...o, amount: BigInt(o.amount) }));
    const result = taxEntry(typed, codes, input.tax_amounts ?? amounts, rounding, overrides);
    const outside = overrideOutside(result.computed, overrides);
    if (outside) {
      const key = `tax_overrides.${outside.index}.amount`;
      const message =
        outside.computed === null
          ? "No tax of that code and part is computed on this entry"
          : `must be within ${centsToDecimal(result.computed.find((c) => c.tax_code_id === outside.override.tax_code_id && c.part_no === outside.override.part_no)!.tolerance)} of the computed tax ${centsToDecimal(outside.computed)}`;
      throw invalidInput({ [key]: message }, `${key}: ${message}`);
    }
    // The typed lines come first, in order, then the tax lines (line-tax.ts): the typed ones keep their contact.
    posted = result.lines.map((l, i) => ({ ...l, contact_id: typed[i]?.contact_id ?? null }));
    balance(posted, input);
    const empty = posted.findIndex((l) => l.amount === 0n);
    if (empty >= 0) {
      const key = `lines.${empty}.debit_amount`;
      throw invalidInput({ [key]: "The amount is too small to carry its tax" }, `${key}: The amount is too small to carry its tax`);
    }
    const sum = posted.reduce((s, l) => s + l.amount, 0n);
    if (sum !== 0n) {
      const message = `Debits must equal credits once the tax is added (off by ${centsToDecimal(sum < 0n ? -sum : sum)})`;
      throw invalidInput({ lines: message }, message);
    }
  }
  if (!tax || !typed.some((l) => l.tax_code_id != null)) balance(posted, input);
  let total = 0n;
  const lines = posted.map((l, i) => {
    if (l.amount > 0n) total += l.amount;
    return {
      line_no: i + 1,
      account_id: l.account_id,
      description: l.description,
      debit_amount: centsToDecimal(l.amount > 0n ? l.amount : 0n),
      credit_amount: centsToDecimal(l.amount < 0n ? -l.amount : 0n),
      tax_code_id: l.tax_code_id,
      tax_part_no: l.tax_part_no,
      tax_base: l.tax_base === null ? null : centsToDecimal(l.tax_base),
      contact_id: l.contact_id ?? null,
    };
  });
  if (total > 99_999_999_999_999n) throw invalidInput({ lines: "Entry total is too large" }, "Entry total is too large");
  return { lines, total: centsToDecimal(total) };
}

/** Appends the balancing line an input asks for (`balanceWith`), carrying what the other lines add up to. */
function balance(posted: Posted[], input: TaxedInput): void {
  if (!input.balanceWith) return;
  const sum = posted.reduce((s, l) => s + l.amount, 0n);
  posted.push({ ...input.balanceWith, amount: -sum, tax_code_id: null, tax_part_no: null, tax_base: null });
}
