/** What the contacts, statement and aging screens share: their paths, the names of sides and buckets, a link's look. */
import { useEffect, useRef } from "react";
import { booksPath } from "~/features/ledger/index.ts";
import type { AgingBucket, Side } from "../sales.schema.ts";
import type { Contact } from "../sales.types.ts";

export const linkClass = "font-semibold text-brand-700 underline hover:text-brand-900";

/** How a contact's roles are written: "Customer", "Supplier", "Customer and supplier". */
export const roleText = (c: Pick<Contact, "is_customer" | "is_supplier">) =>
  c.is_customer && c.is_supplier ? "Customer and supplier" : c.is_supplier ? "Supplier" : "Customer";

export const SIDE_LABELS: Record<Side, string> = { receivable: "Receivable", payable: "Payable" };

/** The aging's columns, in order. */
export const BUCKET_LABELS: Record<AgingBucket, string> = {
  current: "Current",
  "1_30": "1–30 days",
  "31_60": "31–60 days",
  "61_90": "61–90 days",
  over_90: "Over 90 days",
};

/** The sides a contact has: a customer's receivables, a supplier's payables, and any side it still has a balance on. */
export function sidesOf(c: Pick<Contact, "is_customer" | "is_supplier" | "receivable" | "payable">): Side[] {
  const sides: Side[] = [];
  if (c.is_customer || !/^-?0(\.0+)?$/.test(c.receivable)) sides.push("receivable");
  if (c.is_supplier || !/^-?0(\.0+)?$/.test(c.payable)) sides.push("payable");
  return sides.length ? sides : ["receivable"];
}

/** /accounting/:orgId/contacts/:contactId (with its query, when given). */
export const contactPath = (orgId: number, contactId: number, query = "") => `${booksPath(orgId, `contacts/${contactId}`)}${query}`;

/**
 * Focus back on the button that opened a dialog once it closes (a dialog opened from state has no trigger of its own
 * to return to): call the returned function as it opens; `open` is whether any of the screen's dialogs is open. The
 * focus is left where it is when something else has it by then.
 */
export function useFocusReturn(open: boolean): () => void {
  const opener = useRef<HTMLElement | null>(null);
  const wasOpen = useRef(false);
  useEffect(() => {
    if (open) {
      wasOpen.current = true;
      return;
    }
    if (!wasOpen.current) return;
    wasOpen.current = false;
    const el = opener.current;
    const timer = window.setTimeout(() => {
      const now = document.activeElement;
      if (el?.isConnected && (now === null || now === document.body)) el.focus();
    }, 0);
    return () => window.clearTimeout(timer);
  }, [open]);
  return () => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  };
}
