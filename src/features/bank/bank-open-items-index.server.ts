import { sql } from "drizzle-orm";
import { queryRows, type Db } from "~/server/db/client.ts";
import { toCents } from "~/lib/money.ts";
import { KIND_LABELS, readSalesSettings } from "~/features/sales/index.server.ts";
import type { Membership } from "~/features/tenancy/tenancy.types.ts";
import type { OpenItemSide } from "./bank-open-items.types.ts";

/* The open items a statement line's money can settle, read once and indexed by amount, number and contact (decision 116). */

/** Scores of what makes a suggestion likely; they add up. */
export const SCORE = { single: 100, combination: 80, reference: 60, contact: 30 } as const;
/** Suggestions kept per statement line. */
export const MAX_SUGGESTIONS = 5;
/** A contact's items searched for a pair or a triple adding up to the line's amount: its oldest this many. */
export const SUBSET_ITEMS = 20;
/** Words of a name that say nothing of whose it is. */
const NAME_NOISE = new Set([
  "ltd",
  "limited",
  "inc",
  "llc",
  "co",
  "company",
  "the",
  "and",
  "gmbh",
  "plc",
  "corp",
  "sarl",
  "sas",
  "bvba",
  "srl",
]);

export interface Item {
  id: number;
  contactId: number;
  contactName: string;
  date: string;
  due: string;
  number: string | null;
  description: string;
  reference: string | null;
  /** Cents in the side's sense (positive: owed on the side). */
  amount: bigint;
  /** Cents still open today, positive (the item is settled in the line's direction). */
  open: bigint;
}

interface Contact {
  id: number;
  name: string;
  words: string[];
}

/** The open items of a side a line's money can settle, indexed for ranking many lines against them. */
export interface OpenItemIndex {
  side: OpenItemSide;
  items: Item[];
  byOpen: Map<bigint, Item[]>;
  byKey: Map<string, Item[]>;
  /** Each contact's items, oldest due first. */
  byContact: Map<number, Item[]>;
  contactsByWord: Map<string, Contact[]>;
  /** Sums of a contact's oldest 2, 3, … items: the contact and how many. */
  prefixSums: Map<bigint, { contactId: number; count: number }[]>;
}

/** Lower-case words of three letters or more. */
export const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length >= 3);

/** A number as the text may write it: letters and digits only, upper case, no leading zeros ("INV-0003" and "inv 3": "INV3"). */
export const keyOf = (text: string) =>
  text
    .toUpperCase()
    .replace(/[^\p{L}\p{N}]+/gu, "")
    .replace(/(^|\D)0+(?=\d)/g, "$1");
/** A key long enough and with a digit: a number, not a word. */
export const usableKey = (key: string) => key.length >= 3 && /\d/.test(key);

/** The keys a line's text holds: each word, and each word joined to the next ("INV 0003"). */
export function textKeys(text: string): Set<string> {
  const tokens = text.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const keys = new Set<string>();
  tokens.forEach((t, i) => {
    for (const k of [keyOf(t), i + 1 < tokens.length ? keyOf(t + tokens[i + 1]) : ""]) if (usableKey(k)) keys.add(k);
  });
  return keys;
}

export const push = <K, V>(map: Map<K, V[]>, key: K, value: V) => {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
};

interface ItemRow {
  id: number;
  contact_id: number;
  contact_name: string;
  date: string;
  due_date: string;
  number: string | null;
  kind: keyof typeof KIND_LABELS | null;
  document_reference: string | null;
  description: string;
  reference: string | null;
  amount: string;
  open: string;
}

/**
 * The items of a side still open today that money moving in `direction` settles (money in settles debit items: what
 * customers owe, a supplier's refund due; money out credit items), with what is open on each. Open is the item's amount
 * less its live allocations (decision 116), summed set-based for every item at once.
 */
export async function openItemIndex(db: Db, m: Membership, side: OpenItemSide, direction: "in" | "out"): Promise<OpenItemIndex> {
  const settings = await readSalesSettings(db, m.organizationId);
  const account = side === "receivable" ? settings.receivable_account_id : settings.payable_account_id;
  const sideSign = side === "receivable" ? sql`1` : sql`-1`;
  // The lines that take money this way (debit lines for money in, credit lines for money out) in line order, beside the
  // same side of the organization's live allocations summed per line in that order (0051's indexes), those still open
  // first (materialized), then their entries, contacts and documents: no hash of every allocation, no lookup per line.
  const [lines, settledBy] = direction === "in" ? [sql`debit_amount`, sql`debit_line_id`] : [sql`credit_amount`, sql`credit_line_id`];
  const rows = await db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
    return queryRows<ItemRow>(
      tx,
      sql`with open as materialized (
            select l.id, l.journal_entry_id, l.contact_id, l.debit_amount - l.credit_amount as amount, l.${lines} - coalesce(a.amount, 0) as open
              from journal_entry_lines l
              left join (select a.${settledBy} as line_id, sum(a.amount) as amount from allocations a
                          where a.organization_id = ${m.organizationId} and a.undone_at is null group by 1) a on a.line_id = l.id
             where l.organization_id = ${m.organizationId} and l.account_id = ${account} and l.contact_id is not null
               and l.${lines} > coalesce(a.amount, 0))
          select o.id, coalesce(c.merged_into, c.id) as contact_id, coalesce(k.name, c.name) as contact_name, e.entry_date::text as date,
                 coalesce(d.due_date, e.entry_date)::text as due_date, d.number, d.kind, d.reference as document_reference, e.description,
                 e.reference, (o.amount * ${sideSign})::text as amount, o.open::text as open
            from open o
            join journal_entries e on e.id = o.journal_entry_id and e.status = 'posted'
            join contacts c on c.id = o.contact_id
            left join contacts k on k.id = c.merged_into
            left join sales_documents d on d.journal_entry_id = e.id
           order by coalesce(d.due_date, e.entry_date), e.entry_date, o.id`,
    );
  });
  const ix: OpenItemIndex = {
    side,
    items: [],
    byOpen: new Map(),
    byKey: new Map(),
    byContact: new Map(),
    contactsByWord: new Map(),
    prefixSums: new Map(),
  };
  const contacts = new Map<number, Contact>();
  for (const r of rows) {
    const item: Item = {
      id: Number(r.id),
      contactId: Number(r.contact_id),
      contactName: r.contact_name,
      date: r.date,
      due: r.due_date,
      number: r.number,
      description: r.kind && r.number ? `${KIND_LABELS[r.kind]} ${r.number}` : r.description,
      reference: r.document_reference ?? r.reference,
      amount: toCents(r.amount)!,
      open: toCents(r.open)!,
    };
    ix.items.push(item);
    push(ix.byOpen, item.open, item);
    const keys = new Set(
      [r.number, r.document_reference]
        .filter((k): k is string => !!k)
        .map(keyOf)
        .filter(usableKey),
    );
    for (const k of keys) push(ix.byKey, k, item);
    push(ix.byContact, item.contactId, item);
    if (!contacts.has(item.contactId)) {
      const words = [...new Set(wordsOf(item.contactName).filter((w) => !NAME_NOISE.has(w)))];
      const contact = { id: item.contactId, name: item.contactName, words };
      contacts.set(item.contactId, contact);
      if (words.length > 0) push(ix.contactsByWord, words[0]!, contact);
    }
  }
  for (const [contactId, items] of ix.byContact) {
    let sum = 0n;
    items.forEach((it, i) => {
      sum += it.open;
      if (i > 0) push(ix.prefixSums, sum, { contactId, count: i + 1 });
    });
  }
  return ix;
}
