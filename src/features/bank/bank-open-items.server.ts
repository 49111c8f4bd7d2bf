import { sql } from "drizzle-orm";
import { queryRows, pgArray, type Db } from "~/server/db/client.ts";
import { invalidInput } from "~/server/http/app-error.ts";
import { centsToDecimal, toCents } from "~/lib/money.ts";
import { notFound } from "~/features/ledger/index.server.ts";
import { KIND_LABELS, readSalesSettings, recordPayment } from "~/features/sales/index.server.ts";
import type { Membership } from "~/features/tenancy/tenancy.types.ts";
import { getBankAccount } from "./bank-accounts.server.ts";
import { insertCategorized, takeBankLines } from "./bank-matching.server.ts";
import type { OpenItemsQuery, SettleInput } from "./bank-open-items.schema.ts";
import type {
  BankLineOpenItems,
  BankLineSettled,
  BankOpenItem,
  OpenItemReason,
  OpenItemSide,
  OpenItemSuggestion,
} from "./bank-open-items.types.ts";

/*
 * Statement lines settled against customers' and suppliers' open items (issue 42, decision 116). Money in settles
 * receivables (the invoices), money out payables (the bills). The suggestions rank the items that could be the line's
 * money: by amount (one item owing exactly the line's amount, then several of one contact's items adding up to it), by
 * reference (an invoice's or bill's number, or the reference it carries, written in the line's text) and by contact (its
 * name in the line's text). Settling posts one payment through sales and purchases (the bank's ledger line, any
 * write-offs, the contact's control line, allocated to the items chosen) and matches the statement line to the
 * payment's bank side as a categorization does, in one transaction: undoing that match reverses the payment.
 */

/** Scores of what makes a suggestion likely; they add up. */
const SCORE = { single: 100, combination: 80, reference: 60, contact: 30 } as const;
/** Suggestions kept per statement line; items listed at most. */
const MAX_SUGGESTIONS = 5;
const MAX_LISTED = 100;
/** A contact's items searched for a pair or a triple adding up to the line's amount: its oldest this many. */
const SUBSET_ITEMS = 20;
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

interface Item {
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
const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length >= 3);

/** A number as the text may write it: letters and digits only, upper case, no leading zeros ("INV-0003" and "inv 3": "INV3"). */
const keyOf = (text: string) =>
  text
    .toUpperCase()
    .replace(/[^\p{L}\p{N}]+/gu, "")
    .replace(/(^|\D)0+(?=\d)/g, "$1");
/** A key long enough and with a digit: a number, not a word. */
const usableKey = (key: string) => key.length >= 3 && /\d/.test(key);

/** The keys a line's text holds: each word, and each word joined to the next ("INV 0003"). */
function textKeys(text: string): Set<string> {
  const tokens = text.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const keys = new Set<string>();
  tokens.forEach((t, i) => {
    for (const k of [keyOf(t), i + 1 < tokens.length ? keyOf(t + tokens[i + 1]) : ""]) if (usableKey(k)) keys.add(k);
  });
  return keys;
}

const push = <K, V>(map: Map<K, V[]>, key: K, value: V) => {
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

export interface LineText {
  id: number;
  amount: string;
  description: string;
  payee: string | null;
  reference: string | null;
}

interface Ranked {
  suggestions: OpenItemSuggestion[];
  reasons: Map<number, Set<OpenItemReason>>;
  /** Contacts the text names, and those of the items it names. */
  contacts: Set<number>;
}

/** The ways to settle one line from the index, best first. */
export function rankLine(ix: OpenItemIndex, line: LineText): Ranked {
  const cents = toCents(line.amount)!;
  const whole = cents < 0n ? -cents : cents;
  const text = [line.description, line.payee ?? "", line.reference ?? ""].join(" ");
  const words = new Set(wordsOf(text));
  const named = new Set<number>();
  for (const w of words) for (const c of ix.contactsByWord.get(w) ?? []) if (c.words.every((x) => words.has(x))) named.add(c.id);
  const referenced = new Set<Item>();
  for (const k of textKeys(text)) for (const it of ix.byKey.get(k) ?? []) referenced.add(it);

  const reasons = new Map<number, Set<OpenItemReason>>();
  const note = (it: Item, why: OpenItemReason) => {
    const set = reasons.get(it.id) ?? new Set();
    set.add(why);
    reasons.set(it.id, set);
  };
  const groups = new Map<string, OpenItemSuggestion & { due: string }>();
  const add = (allocs: [Item, bigint][], amountScore: number) => {
    if (allocs.length === 0) return;
    const key = allocs
      .map(([it]) => it.id)
      .sort((a, b) => a - b)
      .join(",");
    if (groups.has(key)) return;
    const contactId = allocs[0]![0].contactId;
    const why: OpenItemReason[] = [];
    let score = amountScore;
    if (amountScore > 0) why.push("amount");
    if (allocs.some(([it]) => referenced.has(it))) {
      why.push("reference");
      score += SCORE.reference;
    }
    if (named.has(contactId)) {
      why.push("contact");
      score += SCORE.contact;
    }
    const total = allocs.reduce((s, [, c]) => s + c, 0n);
    groups.set(key, {
      contact_id: contactId,
      contact_name: allocs[0]![0].contactName,
      allocations: allocs.map(([it, c]) => ({ item_id: it.id, amount: centsToDecimal(c) })),
      total: centsToDecimal(total),
      reasons: why,
      score,
      due: allocs[0]![0].due,
    });
  };
  /** Items oldest first, each taken whole until the line's amount is used (the last in part). */
  const upTo = (items: Iterable<Item>): [Item, bigint][] => {
    const out: [Item, bigint][] = [];
    let left = whole;
    for (const it of items) {
      if (left <= 0n) break;
      const take = it.open < left ? it.open : left;
      out.push([it, take]);
      left -= take;
    }
    return out;
  };
  const sum = (items: Item[]) => items.reduce((s, it) => s + it.open, 0n);

  // One item owing exactly the line's amount.
  for (const it of (ix.byOpen.get(whole) ?? []).slice(0, 50)) {
    note(it, "amount");
    add([[it, whole]], SCORE.single);
  }
  // The items the text names, per contact: all of them when they add up to the line, else as far as the line goes.
  const namedItems = new Map<number, Item[]>();
  for (const it of referenced) {
    note(it, "reference");
    push(namedItems, it.contactId, it);
  }
  for (const items of namedItems.values()) {
    items.sort((a, b) => a.due.localeCompare(b.due) || a.id - b.id);
    add(upTo(items), sum(items) === whole && items.length > 1 ? SCORE.combination : 0);
  }
  // A contact's oldest items adding up to the line.
  for (const { contactId, count } of (ix.prefixSums.get(whole) ?? []).slice(0, 20))
    add(
      ix.byContact
        .get(contactId)!
        .slice(0, count)
        .map((it) => [it, it.open]),
      SCORE.combination,
    );
  // The contacts the text names (or whose items it names): two or three of their items adding up to the line, and
  // their items oldest first as far as the line goes.
  const contacts = new Set([...named, ...namedItems.keys()]);
  for (const contactId of contacts) {
    const items = ix.byContact.get(contactId) ?? [];
    if (named.has(contactId)) for (const it of items) note(it, "contact");
    const few = items.slice(0, SUBSET_ITEMS);
    let found = 0;
    const takeWhole = (chosen: Item[]) => {
      add(
        chosen.map((it) => [it, it.open]),
        SCORE.combination,
      );
      found++;
    };
    for (let i = 0; i < few.length && found < 3; i++)
      for (let j = i + 1; j < few.length && found < 3; j++) {
        const two = few[i]!.open + few[j]!.open;
        if (two === whole) takeWhole([few[i]!, few[j]!]);
        else if (two < whole)
          for (let k = j + 1; k < few.length && found < 3; k++) if (two + few[k]!.open === whole) takeWhole([few[i]!, few[j]!, few[k]!]);
      }
    add(upTo(items), sum(items) === whole ? SCORE.combination : 0);
  }
  const suggestions = [...groups.values()]
    .sort(
      (a, b) =>
        b.score - a.score ||
        a.allocations.length - b.allocations.length ||
        a.due.localeCompare(b.due) ||
        a.allocations[0]!.item_id - b.allocations[0]!.item_id,
    )
    .slice(0, MAX_SUGGESTIONS)
    .map(({ due: _due, ...s }) => s);
  return { suggestions, reasons, contacts };
}

interface BankLineRow extends LineText {
  date: string;
}

/** Which side a line settles (unless asked) and in which direction its money goes. */
function sideOf(line: { amount: string }, asked: OpenItemSide | undefined): { side: OpenItemSide; direction: "in" | "out" } {
  const inward = toCents(line.amount)! >= 0n;
  return { side: asked ?? (inward ? "receivable" : "payable"), direction: inward ? "in" : "out" };
}

/**
 * The best ways to settle each of these statement lines (of one bank account) against the open items, at most five a
 * line, best first: the items of each side read once, every line ranked against them.
 */
export async function openItemSuggestions(
  db: Db,
  m: Membership,
  bankId: number,
  lineIds: number[],
): Promise<Map<number, OpenItemSuggestion[]>> {
  if (lineIds.length === 0) return new Map();
  const lines = await queryRows<BankLineRow>(
    db,
    sql`select id, booked_on::text as date, amount::text as amount, description, payee, reference from bank_lines
         where organization_id = ${m.organizationId} and bank_account_id = ${bankId} and id = any(${pgArray(lineIds)}::bigint[])`,
  );
  const out = new Map<number, OpenItemSuggestion[]>();
  const indexes = new Map<string, Promise<OpenItemIndex>>();
  for (const line of lines) {
    const { side, direction } = sideOf(line, undefined);
    const key = `${side}:${direction}`;
    if (!indexes.has(key)) indexes.set(key, openItemIndex(db, m, side, direction));
  }
  for (const line of lines) {
    const { side, direction } = sideOf(line, undefined);
    const ix = await indexes.get(`${side}:${direction}`)!;
    out.set(Number(line.id), rankLine(ix, line).suggestions);
  }
  return out;
}

const itemOf = (it: Item, reasons: Set<OpenItemReason> | undefined): BankOpenItem => {
  // The index holds what is open as a positive amount; in the side's sense it has the item's sign.
  const open = it.amount < 0n ? -it.open : it.open;
  return {
    item_id: it.id,
    contact_id: it.contactId,
    contact_name: it.contactName,
    date: it.date,
    due_date: it.due,
    document_number: it.number,
    description: it.description,
    reference: it.reference,
    amount: centsToDecimal(it.amount),
    open: centsToDecimal(open),
    reasons: reasons ? (["amount", "reference", "contact"] as const).filter((r) => reasons.has(r)) : [],
  };
};

async function readLine(db: Db, m: Membership, bankId: number, lineId: number): Promise<BankLineRow> {
  const [line] = await queryRows<BankLineRow>(
    db,
    sql`select id, booked_on::text as date, amount::text as amount, description, payee, reference from bank_lines
         where organization_id = ${m.organizationId} and bank_account_id = ${bankId} and id = ${lineId}`,
  );
  if (!line) throw notFound("Statement line");
  return { ...line, id: Number(line.id) };
}

/** A statement line's suggestions and the open items to choose from (see BankLineOpenItems). */
export async function bankLineOpenItems(
  db: Db,
  m: Membership,
  bankId: number,
  lineId: number,
  q: OpenItemsQuery,
): Promise<BankLineOpenItems> {
  await getBankAccount(db, m, bankId);
  const line = await readLine(db, m, bankId, lineId);
  const { side, direction } = sideOf(line, q.side);
  const ix = await openItemIndex(db, m, side, direction);
  const ranked = rankLine(ix, line);
  let items: Item[];
  if (q.contact_id) items = ix.byContact.get(q.contact_id) ?? [];
  else if (q.q) {
    const needle = q.q.toLowerCase();
    const key = keyOf(q.q);
    items = ix.items.filter(
      (it) =>
        it.contactName.toLowerCase().includes(needle) ||
        (usableKey(key) && [it.number, it.reference].some((t) => t && keyOf(t).includes(key))) ||
        [it.number, it.reference].some((t) => t?.toLowerCase().includes(needle)),
    );
  } else {
    const chosen = new Set([...ranked.suggestions.map((s) => s.contact_id), ...ranked.contacts]);
    const listed = new Set(ranked.suggestions.flatMap((s) => s.allocations.map((a) => a.item_id)));
    items = ix.items.filter((it) => chosen.has(it.contactId) || listed.has(it.id));
  }
  return {
    line: {
      id: line.id,
      date: line.date,
      amount: line.amount,
      description: line.description,
      payee: line.payee,
      reference: line.reference,
    },
    side,
    suggestions: ranked.suggestions,
    items: items.slice(0, MAX_LISTED).map((it) => itemOf(it, ranked.reasons.get(it.id))),
  };
}

const refuse = (field: string, message: string) => invalidInput({ [field]: message }, `${field}: ${message}`);

/**
 * Settles a statement line: one payment for one contact, dated the line's day, for the line's amount through the bank's
 * ledger account, with the write-offs, allocated to the items chosen (sales and purchases check each: the
 * organization's, the contact's, on the side, not beyond what is owed); the line matched to the payment's bank side as a
 * categorization is. The allocations must take the whole of the line and its write-offs unless the rest is kept as the
 * contact's credit. One transaction: refused, nothing is written.
 */
export async function settleBankLine(db: Db, m: Membership, bankId: number, lineId: number, input: SettleInput): Promise<BankLineSettled> {
  const account = await getBankAccount(db, m, bankId);
  return db.transaction(async (tx) => {
    const cents = await takeBankLines(tx, m, bankId, [lineId]);
    if (cents === 0n) throw refuse("bank_line_id", "A line of 0.00 has nothing to settle: match it instead");
    const line = await readLine(tx, m, bankId, lineId);
    const { side, direction } = sideOf(line, input.side);
    input.write_offs.forEach((w, i) => {
      if (w.account_id === account.account_id) throw refuse(`write_offs.${i}.account_id`, "Choose another account than the bank's own");
    });
    const whole = cents < 0n ? -cents : cents;
    const settled = whole + input.write_offs.reduce((s, w) => s + toCents(w.amount)!, 0n);
    const allocated = input.allocations.reduce((s, a) => s + toCents(a.amount)!, 0n);
    if (allocated > settled)
      throw refuse(
        "allocations",
        `The allocations add up to ${centsToDecimal(allocated)}, more than the line and its write-offs settle (${centsToDecimal(settled)})`,
      );
    if (allocated < settled && !input.keep_credit)
      throw refuse(
        "allocations",
        `The allocations add up to ${centsToDecimal(allocated)} and the line with its write-offs to ${centsToDecimal(settled)}: ` +
          `allocate ${centsToDecimal(settled - allocated)} more, or keep it as the contact's credit`,
      );
    const payment = await recordPayment(tx, m, {
      contact_id: input.contact_id,
      side,
      direction,
      date: line.date,
      account_id: account.account_id,
      amount: whole,
      reference: line.reference?.slice(0, 100) ?? null,
      allocations: input.allocations.map((a) => ({ item_id: a.item_id, amount: toCents(a.amount)! })),
      write_offs: input.write_offs.map((w) => ({
        account_id: w.account_id,
        amount: toCents(w.amount)!,
        description: w.description ?? null,
      })),
    });
    const [bankSide] = await queryRows<{ id: number }>(
      tx,
      sql`select id from journal_entry_lines where journal_entry_id = ${payment.entry_id} and account_id = ${account.account_id}
           order by line_no limit 1`,
    );
    const [matchId] = await insertCategorized(tx, m, bankId, [[lineId, Number(bankSide!.id)]]);
    return {
      match_id: matchId!,
      entry_id: payment.entry_id,
      entry_number: payment.entry_number,
      item_id: payment.item_id,
      unallocated: payment.unallocated,
    };
  });
}
