import { createContext, useContext, useMemo } from "react";
import { moneyIn, type MoneyFormat } from "~/lib/format.ts";
import { useOutletContext } from "react-router";
import type { AccountDto } from "../ledger.types.ts";
import type { OrganizationRole } from "~/features/tenancy/tenancy.types.ts";
import type { BooksPermission } from "~/features/tenancy/index.ts";
import type { BooksSide } from "~/features/tenancy/tenancy.types.ts";

/** The books the screen shows: every call of the screen goes under their API path; every amount is in their currency. */
export interface BooksIdentity {
  id: number;
  currency: string;
}

const BooksContext = createContext<BooksIdentity | null>(null);

export const BooksProvider = BooksContext.Provider;

function useBooksIdentity(): BooksIdentity {
  const books = useContext(BooksContext);
  if (books === null) throw new Error("The books' screens need a BooksProvider");
  return books;
}

/** The organization of the books on screen (inside a BooksProvider): what the books' API calls take first. */
export function useBooksOrgId(): number {
  return useBooksIdentity().id;
}

/** What the books' layout (/accounting/:orgId) hands each of its sections. */
export interface BooksOutlet {
  /** `currency`: the books' currency (ISO 4217), the one every amount of these books is written in. */
  organization: { id: number; name: string; currency: string };
  role: OrganizationRole;
  /** The reader's side: the firm's people or the client's (books-permissions.ts). */
  side: BooksSide;
  /** One of the firm's people keeps these books: some work is then the firm's alone. */
  firmKeeps: boolean;
  /** What the reader may do here, permission by permission (decision 103): `can["books.lock"]`. */
  can: Record<BooksPermission, boolean>;
  userId: string;
  /** The active accounts, by code: for the entry form and the filters. */
  accounts: AccountDto[];
}

/** The books' layout data, inside one of its sections. */
export function useBooks(): BooksOutlet {
  return useOutletContext<BooksOutlet>();
}

/** Amounts written in the books' currency (decision 102): `money("-17431.25")` is "-€17,431.25"; `balance` writes a
 * running balance as its absolute amount with " (CR)" when it is a credit, as the general ledger and the PDFs do. */
export function useMoney(): MoneyFormat {
  const { currency } = useBooksIdentity();
  return useMemo(() => moneyIn(currency), [currency]);
}

/** The URL of a section of the books: `""` (the chart), `journal`, `recurring`, `reports`, `members`, `import`. */
export function booksPath(organizationId: number, section = ""): string {
  return section ? `/accounting/${organizationId}/${section}` : `/accounting/${organizationId}`;
}
