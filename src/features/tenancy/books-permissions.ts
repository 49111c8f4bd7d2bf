import type { BooksSide, BooksStanding, OrganizationRole } from "./tenancy.types.ts";

export type { BooksSide, BooksStanding };

/**
 * What a member of one organization's books may do, by name, defined once (decision 103). A member has a role in the
 * books (owner, accountant, viewer) and a side: the firm's (a staff member or admin, keeping a client's books) or the
 * client's (everyone else): the side follows the site role as stored. Books are kept by the firm while one of the firm's
 * people (not disabled) is a member who may write them, not a viewer; then some work is the firm's alone, and the
 * client's owner reads, answers questions, uploads, writes messages and may still remove the firm.
 *
 * Each permission lists the roles that hold it, and may say `firmKeeps: "firm"` (when the firm keeps the books, only its
 * side holds it) or `side` (only that side holds it, whoever keeps the books). Guards on the server ask by name
 * (`assertBooks(membership, "books.lock")`, `requireBooksPage(…, "books.import")`); screens read the answer the
 * books' layout computed (`useBooks().can["books.lock"]`). Changing who may do something is one edit here.
 */
const ALL: readonly OrganizationRole[] = ["owner", "accountant", "viewer"];
const WRITERS: readonly OrganizationRole[] = ["owner", "accountant"];
const OWNER: readonly OrganizationRole[] = ["owner"];

interface BooksRule {
  roles: readonly OrganizationRole[];
  /** When the firm keeps the books, only the firm's side holds it. */
  firmKeeps?: "firm";
  /** Only this side holds it. */
  side?: BooksSide;
}

export const BOOKS_PERMISSIONS = {
  /** The chart, the journal, the reports, the bank, the closing state: everything the books show. */
  "books.read": { roles: ALL },
  /** Entries (drafts, posting, reversing), recurring entries, accounts made or edited, bank accounts,
   * matching and categorizing statement lines, reconciling, month-end packs, documents on entries. */
  "books.write": { roles: WRITERS },
  /** Setting the opening balances (the books' starting point; a file of them is an import, "books.import"). */
  "books.opening": { roles: WRITERS, firmKeeps: "firm" },
  /** Deleting (deactivating) an account of the chart. */
  "books.accounts.delete": { roles: WRITERS, firmKeeps: "firm" },
  /** Setting, moving or lifting the lock date; the fiscal year and the books' currency. */
  "books.lock": { roles: WRITERS, firmKeeps: "firm" },
  /** Closing and reopening a fiscal year. */
  "books.close": { roles: WRITERS, firmKeeps: "firm" },
  /** Importing a chart, a journal or opening balances from a file, and bank statements. */
  "books.import": { roles: WRITERS, firmKeeps: "firm" },
  /** Making, editing, ordering and running bank rules. */
  "books.rules": { roles: WRITERS, firmKeeps: "firm" },
  /** Inviting, changing and removing members (and so removing the firm). */
  "books.members.manage": { roles: OWNER },
  /** Answering the bookkeeper's questions about statement lines. */
  "books.questions.answer": { roles: OWNER },
  /** Sending document requests, accepting and returning their items. */
  "books.requests.send": { roles: WRITERS, side: "firm" },
  /** Answering document requests (uploading their files, writing notes). */
  "books.requests.answer": { roles: WRITERS, side: "client" },
  /** Writing in the organization's conversation with the firm (messages and their attachments). */
  "books.messages.send": { roles: WRITERS },
  /** Tax codes, tax settings, preparing and filing returns. */
  "books.tax": { roles: WRITERS, firmKeeps: "firm" },
  /** Customers and suppliers, and drafts of invoices, credit notes, bills and supplier credits (decision 116). */
  "books.sales.write": { roles: WRITERS },
  /** Approving a document: it is numbered and posted. */
  "books.sales.approve": { roles: WRITERS },
  /** Sending a document by mail or sharing its link; the client's side only when the settings allow it. */
  "books.sales.send": { roles: WRITERS },
  /** Recording payments and refunds, allocating and undoing allocations. */
  "books.sales.pay": { roles: WRITERS },
  /** Voiding an approved document (its entry reversed). */
  "books.sales.void": { roles: WRITERS, firmKeeps: "firm" },
  /** The control accounts, whether bills are approved before posting, whether the client sends her own invoices. */
  "books.sales.settings": { roles: WRITERS, firmKeeps: "firm" },
  /** A fiscal year's budget: the grid saved, copied from last year's actuals, imported from CSV (decision 123). Reading it,
   * and the budget against actual, is "books.read". */
  "books.budgets": { roles: WRITERS, firmKeeps: "firm" },
  /** Preparing a closed fiscal year's package for the tax preparer (decision 124); every member reads the kept ones. */
  "books.yearend.prepare": { roles: WRITERS, firmKeeps: "firm" },
  /** The firm's invoices to the client, paying them and her payment method: her owner alone (decision 119). */
  "books.billing": { roles: OWNER, side: "client" },
  /** Writing the month's commentary for the client: drafts and their edits (decision 122). */
  "books.commentary.write": { roles: WRITERS, side: "firm" },
  /** Reviewing a commentary another of the firm's people wrote, publishing a reviewed one, withdrawing a published one. */
  "books.commentary.publish": { roles: WRITERS, side: "firm" },
} as const satisfies Record<string, BooksRule>;

export type BooksPermission = keyof typeof BOOKS_PERMISSIONS;

/**
 * The books' roles that hold a permission, for a query: `m.role = any(${pgArray(booksRolesHolding(p))}::text[])`.
 * The firm keeps a client's books while one of its people holds "books.write" there (organizations.server.ts).
 */
export function booksRolesHolding(permission: BooksPermission): readonly OrganizationRole[] {
  return BOOKS_PERMISSIONS[permission].roles;
}

/** Whether this member holds the permission in these books. */
export function canBooks(m: BooksStanding, permission: BooksPermission): boolean {
  const rule: BooksRule = BOOKS_PERMISSIONS[permission];
  if (!rule.roles.includes(m.role)) return false;
  if (rule.side && rule.side !== m.side) return false;
  if (rule.firmKeeps && m.firmKeeps && m.side !== "firm") return false;
  return true;
}

/** Every permission's answer for one member: what the books' layout hands its screens. */
export function booksAbilities(m: BooksStanding): Record<BooksPermission, boolean> {
  return Object.fromEntries((Object.keys(BOOKS_PERMISSIONS) as BooksPermission[]).map((p) => [p, canBooks(m, p)])) as Record<
    BooksPermission,
    boolean
  >;
}
