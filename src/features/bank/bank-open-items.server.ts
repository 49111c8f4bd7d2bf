import { sql } from "drizzle-orm";
import { queryRows, pgArray, type Db } from "~/server/db/client.ts";
import { invalidInput } from "~/server/http/app-error.ts";
import { centsToDecimal, toCents } from "~/lib/money.ts";
import { notFound } from "~/features/ledger/index.server.ts";
import { recordPayment } from "~/features/sales/index.server.ts";
import type { Membership } from "~/features/tenancy/tenancy.types.ts";
import { getBankAccount } from "./bank-accounts.server.ts";
import { insertCategorized, takeBankLines } from "./bank-matching.server.ts";
import type { OpenItemsQuery, SettleInput } from "./bank-open-items.schema.ts";
import { keyOf, openItemIndex, usableKey, type Item, type OpenItemIndex } from "./bank-open-items-index.server.ts";
import { rankLine, type LineText } from "./bank-open-items-rank.server.ts";
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

/** Items listed at most. */
const MAX_LISTED = 100;

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
