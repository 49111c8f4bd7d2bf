import type { BooksStanding } from "~/features/tenancy/tenancy.types.ts";

/**
 * Whether the firm, not the reader, sends these books' invoices, credit notes and statements: she is on the client's
 * side of books the firm keeps, and the settings do not let the client send (the server refuses her, 403).
 */
export const firmSends = (reader: Pick<BooksStanding, "side" | "firmKeeps">, clientMaySend: boolean): boolean =>
  reader.side === "client" && reader.firmKeeps && !clientMaySend;

/** What she reads where the sending controls would be. */
export const FIRM_SENDS_TEXT = "The firm keeps these books and sends the invoices, credit notes and statements.";
