import { csvAmount, csvRows, type CsvCell } from "~/lib/csv.ts";
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "~/server/db/client.ts";
import type { Membership } from "~/features/tenancy/tenancy.types.ts";

/**
 * The chart and the posted journal as CSV, in the layout the importer reads without a mapping: importing both
 * into another organization gives the same trial balance. The journal is written a page of lines at a time.
 */

export const CHART_CSV_HEADER = ["code", "name", "type", "detail_type", "parent_code"];
export const JOURNAL_CSV_HEADER = [
  "entry",
  "date",
  "reference",
  "description",
  "account_code",
  "account_name",
  "debit",
  "credit",
  "external_ref",
  "tax_code",
  "tax_part",
  "tax_base",
];

/** Lines of the product's one CSV writer (text safe in a spreadsheet, amounts as numbers; decision 082), each ended. */
export const csv = (rows: CsvCell[][], header?: string[]) => `${csvRows(header ?? null, rows)}\r\n`;

export async function chartCsv(db: Db, m: Membership): Promise<string> {
  const rows = await queryRows<{
    account_code: string;
    account_name: string;
    account_type: string;
    detail_type: string;
    parent_code: string | null;
  }>(
    db,
    sql`select a.account_code, a.account_name, a.account_type, a.detail_type, p.account_code as parent_code
          from chart_of_accounts a left join chart_of_accounts p on p.id = a.parent_id
         where a.organization_id = ${m.organizationId} order by a.account_code`,
  );
  return csv(
    rows.map((r) => [r.account_code, r.account_name, r.account_type, r.detail_type, r.parent_code ?? ""]),
    CHART_CSV_HEADER,
  );
}

const PAGE = 5000;

interface JournalRow {
  entry_seq: number;
  line_no: number;
  entry_number: string;
  entry_date: string;
  reference: string | null;
  description: string;
  account_code: string;
  account_name: string;
  debit_amount: string;
  credit_amount: string;
  external_ref: string | null;
  tax_code: string | null;
  tax_part_no: number | null;
  tax_base: string | null;
}

/**
 * Every posted entry, one row per line, in entry order; the external reference names the entry for a re-import. A
 * line's tax (decision 112): the code of a taxed line and of a tax line, the part a tax line posts, and the taxable
 * base; the importer writes an entry whose file carries tax parts as it is, so a re-import does not add its tax twice.
 */
export function journalCsv(db: Db, m: Membership): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let after: [number, number] | null = null;
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const from = after ? sql`and (e.entry_seq, l.line_no) > (${after[0]}::integer, ${after[1]}::smallint)` : sql``;
      const rows = await queryRows<JournalRow>(
        db,
        sql`select e.entry_seq, l.line_no, e.entry_number, e.entry_date, e.reference, e.description,
                   a.account_code, a.account_name, l.debit_amount, l.credit_amount,
                   coalesce(i.external_ref, 'JE:' || e.organization_id || ':' || e.entry_number) as external_ref,
                   tc.code as tax_code, l.tax_part_no, l.tax_base
              from journal_entries e
              join journal_entry_lines l on l.journal_entry_id = e.id and l.organization_id = e.organization_id
              left join tax_codes tc on tc.organization_id = l.organization_id and tc.id = l.tax_code_id
              join chart_of_accounts a on a.id = l.account_id and a.organization_id = e.organization_id
              left join lateral (select external_ref from imported_entries i
                                  where i.organization_id = e.organization_id and i.journal_entry_id = e.id limit 1) i on true
             where e.organization_id = ${m.organizationId} and e.status = 'posted' ${from}
             order by e.entry_seq, l.line_no
             limit ${PAGE}`,
      );
      const data = rows.map((r) => [
        r.entry_number,
        r.entry_date,
        r.reference ?? "",
        r.description,
        r.account_code,
        r.account_name,
        r.debit_amount === "0.00" ? "" : csvAmount(r.debit_amount),
        r.credit_amount === "0.00" ? "" : csvAmount(r.credit_amount),
        r.external_ref ?? "",
        r.tax_code ?? "",
        r.tax_part_no == null ? "" : String(r.tax_part_no),
        r.tax_base == null ? "" : csvAmount(r.tax_base),
      ]);
      const text = data.length > 0 ? csv(data, started ? undefined : JOURNAL_CSV_HEADER) : started ? "" : csv([], JOURNAL_CSV_HEADER);
      started = true;
      if (text) controller.enqueue(encoder.encode(text));
      const last = rows.at(-1);
      if (rows.length < PAGE || !last) controller.close();
      else after = [Number(last.entry_seq), Number(last.line_no)];
    },
  });
}
