import { createContext, useContext } from "react";

/** The organization whose books the screen shows: every call of the screen goes under its API path. */
const BooksContext = createContext<number | null>(null);

export const BooksProvider = BooksContext.Provider;

/** The API path of the organization in the URL, e.g. `/api/accounting/orgs/12`. */
export function booksApiPath(organizationId: number): string {
  return `/api/accounting/orgs/${organizationId}`;
}

/** The API path of the books on screen (inside a BooksProvider). */
export function useBooksApi(): string {
  const id = useContext(BooksContext);
  if (id === null) throw new Error("useBooksApi needs a BooksProvider");
  return booksApiPath(id);
}
