import type { Context, Next } from "hono";
import { forbidden, type AppError } from "~/server/http/app-error.ts";
import type { BooksMemberEnv } from "./books-member.server.ts";
import { BOOKS_PERMISSIONS, canBooks, type BooksPermission } from "./books-permissions.ts";
import { type BooksStanding } from "./tenancy.types.ts";

/**
 * The one guard of the books' API routes (decision 103): a member who does not hold the permission in the table
 * (books-permissions.ts) is refused 403 with a sentence saying why: their role, their side, or the firm keeping the
 * books. Routes ask on their own line (`requireBooks("books.write")`); a service reached from several places asks
 * again at its start (`assertBooks(m, "books.lock")`).
 */
interface Refusals {
  /** The member's role in the books does not hold it. */
  role: string;
  /** Only the other side holds it. */
  side?: string;
  /** The firm keeps these books and the member is the client's. */
  firmKeeps?: string;
}

const VIEWERS = "Viewers cannot change the books";
const FIRM_KEEPS = "The firm keeps these books:";

const REFUSALS: Record<BooksPermission, Refusals> = {
  "books.read": { role: "Only the members of these books read them" },
  "books.write": { role: VIEWERS },
  "books.opening": { role: VIEWERS, firmKeeps: `${FIRM_KEEPS} the opening balances are the firm's to set` },
  "books.accounts.delete": { role: VIEWERS, firmKeeps: `${FIRM_KEEPS} deleting an account of the chart is the firm's to do` },
  "books.lock": { role: VIEWERS, firmKeeps: `${FIRM_KEEPS} the lock date, the fiscal year and the currency are the firm's to set` },
  "books.close": { role: VIEWERS, firmKeeps: `${FIRM_KEEPS} closing and reopening a fiscal year is the firm's to do` },
  "books.import": { role: VIEWERS, firmKeeps: `${FIRM_KEEPS} importing into them is the firm's to do` },
  "books.rules": { role: VIEWERS, firmKeeps: `${FIRM_KEEPS} the bank rules are the firm's to set and run` },
  "books.members.manage": { role: "Only an owner can manage the members" },
  "books.questions.answer": { role: "Only an owner answers the bookkeeper's questions" },
  "books.requests.send": { role: VIEWERS, side: "Only the firm's staff on this client can do this" },
  "books.requests.answer": { role: VIEWERS, side: "Only the client answers a request" },
  "books.messages.send": { role: "A viewer reads the messages and does not write" },
  "books.tax": { role: VIEWERS, firmKeeps: `${FIRM_KEEPS} the tax codes, the tax settings and the returns are the firm's to keep` },
  "books.sales.write": { role: VIEWERS },
  "books.sales.approve": { role: VIEWERS },
  "books.sales.send": { role: VIEWERS },
  "books.sales.pay": { role: VIEWERS },
  "books.sales.void": { role: VIEWERS, firmKeeps: `${FIRM_KEEPS} voiding a document is the firm's to do` },
  "books.sales.settings": { role: VIEWERS, firmKeeps: `${FIRM_KEEPS} the receivables and payables settings are the firm's to set` },
  "books.billing": {
    role: "Only the owner sees and pays the firm's invoices",
    side: "The firm's invoices are the client's to see and pay",
  },
  "books.commentary.write": { role: VIEWERS, side: "The monthly commentary is the firm's to write" },
  "books.commentary.publish": { role: VIEWERS, side: "The monthly commentary is the firm's to review and publish" },
  "books.budgets": { role: VIEWERS, firmKeeps: `${FIRM_KEEPS} the budgets are the firm's to set` },
  "books.yearend.prepare": { role: VIEWERS, firmKeeps: `${FIRM_KEEPS} the year-end package is the firm's to prepare` },
};

/** The 403 for a member who does not hold the permission, saying why. */
export function booksRefusal(m: BooksStanding, permission: BooksPermission): AppError {
  const rule: { roles: readonly string[]; side?: string } = BOOKS_PERMISSIONS[permission];
  const text = REFUSALS[permission];
  if (!rule.roles.includes(m.role)) return forbidden(text.role);
  if (rule.side && rule.side !== m.side) return forbidden(text.side ?? text.role);
  return forbidden(text.firmKeeps ?? text.role);
}

/** Throws the 403 unless this member holds the permission in these books. */
export function assertBooks(m: BooksStanding, permission: BooksPermission): void {
  if (!canBooks(m, permission)) throw booksRefusal(m, permission);
}

/** The guard as a route's middleware, after the membership is known (`booksMember`): `r.post(path, requireBooks(p), …)`. */
export function requireBooks(permission: BooksPermission) {
  return async (c: Context<BooksMemberEnv>, next: Next) => {
    assertBooks(c.get("membership"), permission);
    await next();
  };
}
