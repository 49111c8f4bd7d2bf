import { sql, type SQL } from "drizzle-orm";

/*
 * The one column list of each journal table (decision 101). Every writer of these tables goes through these
 * functions: it gives the rows as SQL (a `select` or `values` producing the columns in the order listed, followed
 * by an `on conflict` or `returning` clause if it needs one), so a statement that writes several tables (a CTE
 * chain) stays one statement and one round trip.
 */

/** journal_entries (organization_id, entry_seq, description, entry_date, reference, total_amount, created_by, reversal_of). */
export const insertEntryRows = (rows: SQL): SQL =>
  sql`insert into journal_entries (organization_id, entry_seq, description, entry_date, reference, total_amount, created_by, reversal_of) ${rows}`;

/**
 * journal_entry_lines (organization_id, journal_entry_id, line_no, account_id, description, debit_amount, credit_amount,
 * tax_code_id, tax_part_no, tax_base, contact_id): three for a line's tax (migration 0040), null on an untaxed line, and the
 * customer or supplier a receivable or payable line is owed by or to (migration 0049), null on any other line.
 */
export const insertEntryLines = (rows: SQL): SQL =>
  sql`insert into journal_entry_lines (organization_id, journal_entry_id, line_no, account_id, description, debit_amount, credit_amount,
                                       tax_code_id, tax_part_no, tax_base, contact_id) ${rows}`;

/** journal_entry_audit (organization_id, journal_entry_id, action, user_id, detail). */
export const insertEntryAudit = (rows: SQL): SQL =>
  sql`insert into journal_entry_audit (organization_id, journal_entry_id, action, user_id, detail) ${rows}`;
