import { sql } from "drizzle-orm";
import { insertChartAccounts } from "./chart.tables.ts";
import { queryRows, type Db } from "~/server/db/client.ts";
import { conflict, invalidInput } from "~/server/http/app-error.ts";
import { recordAudit, type AuditActor } from "~/server/audit.server.ts";
import { sqlState } from "./ledger-errors.server.ts";
import { setLock, unlock } from "./books-lock.server.ts";
import { createEntry, postEntry, reverseEntry } from "./journal-entries.server.ts";
import type { Membership } from "~/features/tenancy/tenancy.types.ts";
import { CLOSING_REFERENCE, closingPlan, fiscalYear, RETAINED_EARNINGS_NAME, type FiscalYear } from "./year-end-close.ts";
import type { YearEndCloseInput } from "./year-end-close.schema.ts";
import type { YearEndState } from "./year-end-close.types.ts";
import {
  closeProblem,
  draftsInYear,
  fiscalYearStartMonth,
  listCloses,
  retainedEarningsAccount,
  yearEndState,
  yearTotals,
} from "./year-end-read.server.ts";

const refuse = (message: string) => invalidInput({ fiscal_year: message }, message);

/** The Retained Earnings account, active: found by name, or created with code 3100 (or the next free 31xx). */
async function ensureRetainedEarnings(db: Db, m: Membership): Promise<number> {
  const found = await retainedEarningsAccount(db, m.organizationId);
  if (found) {
    if (!found.is_active) await db.execute(sql`update chart_of_accounts set is_active = true where id = ${found.id}`);
    return found.id;
  }
  const [row] = await queryRows<{ id: number }>(
    db,
    insertChartAccounts(
      sql`select ${m.organizationId}, code, ${RETAINED_EARNINGS_NAME}, 'Equity', null, null::integer, ${m.userId}
            from (select (3100 + g)::text as code from generate_series(0, 99) g) c
           where not exists (select 1 from chart_of_accounts a where a.organization_id = ${m.organizationId} and a.account_code = c.code)
           order by code limit 1
          returning id`,
    ),
  );
  if (!row) throw refuse("No free account code from 3100 to 3199 for Retained Earnings");
  return Number(row.id);
}

/** The organization's row taken for the change: closes, reopenings and lock changes follow one another. */
async function lockedOrganization(tx: Db, m: Membership): Promise<string | null> {
  const [org] = await queryRows<{ lock_date: string | null }>(
    tx,
    sql`select lock_date::text as lock_date from organizations where id = ${m.organizationId} for update`,
  );
  return org?.lock_date ?? null;
}

/** Closing or reopening a fiscal year, as the routes call it: the year-end state once changed. */
type CloseChange = (db: Db, m: Membership, actor: AuditActor, input: YearEndCloseInput, publicUrl: string) => Promise<YearEndState>;

/**
 * A change of a fiscal year's close, on the year `input` names (by the organization's fiscal year): `change` runs in one
 * transaction that first takes the organization's row (the lock date as it finds it); then the year-end state as it
 * now is.
 */
async function changeClose(
  db: Db,
  m: Membership,
  input: YearEndCloseInput,
  change: (tx: Db, year: FiscalYear, startMonth: number, lockDate: string | null) => Promise<void>,
): Promise<YearEndState> {
  const startMonth = await fiscalYearStartMonth(db, m.organizationId);
  const year = fiscalYear(startMonth, input.fiscal_year);
  await db.transaction(async (tx) => change(tx, year, startMonth, await lockedOrganization(tx, m)));
  return yearEndState(db, m);
}

/**
 * Closes a fiscal year (decision 097), in one transaction: posts the closing entry dated the year's last day (each
 * revenue and expense account's balance for the year moved to Retained Earnings), records the close, and locks the
 * books up to that day with the reason (the lock's history and the audit log). Refused with a 400 naming the fiscal
 * year when the year has not ended, holds drafts, is behind the lock, or has nothing to close; 409 when closed already.
 */
export const closeFiscalYear: CloseChange = (db, m, actor, input, publicUrl) =>
  changeClose(db, m, input, async (tx, year, startMonth, lockDate) => {
    try {
      const [open] = await listCloses(
        tx,
        m.organizationId,
        startMonth,
        sql`and c.fiscal_year_end = ${year.end}::date and c.reopened_at is null`,
      );
      if (open) throw conflict(`${year.label} is closed already`);
      const totals = await yearTotals(tx, m.organizationId, year);
      const drafts = await draftsInYear(tx, m.organizationId, year);
      const reId = await ensureRetainedEarnings(tx, m);
      const plan = closingPlan(totals, reId);
      const inactive = totals.filter((t) => !t.is_active && t.debit_total !== t.credit_total);
      const problem = closeProblem({ year, closed: false, drafts, lockDate, moved: plan.lines.length, inactive });
      if (problem) throw refuse(problem);
      const draft = await createEntry(tx, m, {
        description: `Year-end close of ${year.label}: revenue and expenses to ${RETAINED_EARNINGS_NAME}`,
        entry_date: year.end,
        reference: CLOSING_REFERENCE,
        lines: plan.lines,
      });
      const entry = await postEntry(tx, m, draft.id);
      await tx.execute(
        sql`insert into fiscal_year_closes (organization_id, fiscal_year_start, fiscal_year_end, journal_entry_id, previous_lock_date, reason, closed_by)
            values (${m.organizationId}, ${year.start}::date, ${year.end}::date, ${entry.id}, ${lockDate}::date, ${input.reason}, ${m.userId})`,
      );
      await setLock(tx, m, actor, { lock_date: year.end, reason: input.reason }, publicUrl);
      await recordAudit(tx, actor, {
        action: "books.year_closed",
        targetType: "organization",
        targetId: m.organizationId,
        before: { lock_date: lockDate },
        after: {
          fiscal_year: year.label,
          start: year.start,
          end: year.end,
          entry: entry.entry_number,
          net_income: plan.net_income,
          reason: input.reason,
        },
      });
    } catch (err) {
      // The close's unique index (one open close a year): the statement that breaks it fails, and the transaction with it.
      if (sqlState(err) === "23505") throw conflict(`${year.label} is closed already`);
      throw err;
    }
  });

/**
 * Reopens a closed fiscal year, in one transaction: the lock moves back to where it was before the close (or is
 * lifted), with the reason; the closing entry is reversed on the year's last day; the close is kept as reopened, and
 * audited. Refused while the books are locked past the year's end (a later period is closed).
 */
export const reopenFiscalYear: CloseChange = (db, m, actor, input, publicUrl) =>
  changeClose(db, m, input, async (tx, year, _startMonth, lockDate) => {
    const [close] = await queryRows<{ id: number; journal_entry_id: number; previous_lock_date: string | null }>(
      tx,
      sql`select id, journal_entry_id, previous_lock_date::text as previous_lock_date from fiscal_year_closes
           where organization_id = ${m.organizationId} and fiscal_year_end = ${year.end}::date and reopened_at is null for update`,
    );
    if (!close) throw conflict(`${year.label} is not closed`);
    if (lockDate && lockDate > year.end)
      throw refuse(`The books are locked up to ${lockDate}, after ${year.label}: move the lock date back to ${year.end} first`);
    if (lockDate === year.end) {
      const back = close.previous_lock_date && close.previous_lock_date < year.end ? close.previous_lock_date : null;
      if (back) await setLock(tx, m, actor, { lock_date: back, reason: input.reason }, publicUrl);
      else await unlock(tx, m, actor, input.reason, publicUrl);
    }
    const reversal = await reverseEntry(tx, m, Number(close.journal_entry_id), year.end);
    await tx.execute(
      sql`update fiscal_year_closes set reversal_entry_id = ${reversal.id}, reopen_reason = ${input.reason}, reopened_by = ${m.userId},
                 reopened_at = now()
           where id = ${close.id}`,
    );
    await recordAudit(tx, actor, {
      action: "books.year_reopened",
      targetType: "organization",
      targetId: m.organizationId,
      before: { lock_date: lockDate },
      after: { fiscal_year: year.label, reversal: reversal.entry_number, reason: input.reason },
    });
  });
