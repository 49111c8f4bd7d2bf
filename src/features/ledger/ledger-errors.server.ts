import { AppError, notFound as appNotFound } from "~/server/http/app-error.ts";
import { errorMessages, sqlState } from "~/server/db/db-error.ts";

/** 404 naming what was not found in the caller's organization (foreign and missing look the same). */
export const notFound = (what: string): AppError => appNotFound(`${what} not found`);

export { sqlState };

/** The SQLSTATE of the database's refusal of a date on or before the books' lock date (migration 0030). */
export const BOOKS_LOCKED_STATE = "BKLCK";

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** "up to 2026-10-31 (October 2026 closed)": the closed month or year named when the lock is the last day of one. */
export function lockedUpTo(lockDate: string): string {
  const [y, mo, d] = lockDate.split("-").map(Number) as [number, number, number];
  const lastDay = new Date(Date.UTC(y, mo, 0)).getUTCDate();
  if (d !== lastDay) return `up to ${lockDate}`;
  return `up to ${lockDate} (${mo === 12 ? `${y}` : `${MONTHS[mo - 1]} ${y}`} closed)`;
}

/** A 400 on the date field: the books are locked up to that date. */
export class BooksLockedError extends AppError {
  constructor(
    readonly lockDate: string,
    readonly field: string,
  ) {
    const message = `The books are locked ${lockedUpTo(lockDate)}: choose a later date`;
    super(400, "INVALID_INPUT", message, { [field]: message });
  }
}

/**
 * The database's refusal of a date in the locked period as the 400 naming the form's date field (`entry_date`, or the
 * field given), or undefined when the error is something else. Use as `catch (err) { throw booksLocked(err) ?? err }`.
 */
export function booksLocked(err: unknown, field = "entry_date"): BooksLockedError | undefined {
  if (err instanceof BooksLockedError) return err.field === field ? err : new BooksLockedError(err.lockDate, field);
  if (sqlState(err) !== BOOKS_LOCKED_STATE) return undefined;
  for (const message of errorMessages(err)) {
    const date = /books locked up to (\d{4}-\d{2}-\d{2})/.exec(message)?.[1];
    if (date) return new BooksLockedError(date, field);
  }
  return undefined;
}

/** The SQLSTATE of the database's refusal of a tax-coded line dated in a filed tax return's period (migration 0040). */
export const TAX_FILED_STATE = "TXFIL";

/**
 * The database's refusal of a tax-coded line in a filed return's period as a 400 naming the date field and the return,
 * or undefined when the error is something else.
 */
export function taxFiled(err: unknown, field = "entry_date"): AppError | undefined {
  if (sqlState(err) !== TAX_FILED_STATE) return undefined;
  const filed = errorMessages(err)
    .map((m) => /tax return filed: (.+)$/.exec(m)?.[1])
    .find(Boolean);
  const message = `The tax return ${filed ?? ""} is filed: a tax-coded line cannot be dated in its period. Date the correction in an open period; it is reported in the next return`.replace("  ", " ");
  return new AppError(400, "INVALID_INPUT", message, { [field]: message });
}

/** Runs a write, its refusal for the lock date or a filed tax return answered as `booksLocked` and `taxFiled` say. */
export async function refusingLocked<T>(write: () => Promise<T>, field = "entry_date"): Promise<T> {
  try {
    return await write();
  } catch (err) {
    throw booksLocked(err, field) ?? taxFiled(err, field) ?? err;
  }
}

/** The SQLSTATE of the database's refusal of an account's parent (migration 0031). */
export const PARENT_REFUSED_STATE = "ACPAR";

const PARENT_MESSAGES: Record<string, string> = {
  "parent account not found": "Parent account not found",
  "the parent account must have the same account type": "The parent account must have the same account type",
  "an account cannot be under itself or one of its sub-accounts": "An account cannot be under itself or one of its sub-accounts",
  "an account with sub-accounts keeps their account type": "An account with sub-accounts keeps their account type",
};

/** The user's words for the database's refusal of a parent. */
export function parentRefusal(err: unknown): string {
  for (const text of errorMessages(err)) {
    for (const [key, message] of Object.entries(PARENT_MESSAGES)) if (text.includes(key)) return message;
  }
  return "The parent account cannot be used";
}
