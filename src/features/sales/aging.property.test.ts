import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { booksPath } from "../../../tests/support/books.ts";
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from "../../../tests/support/test-app.ts";
import type { AgingBucket, AgingReport, DocumentDetails, PaymentResult } from "./sales.types.ts";

/*
 * The aging's property (issue 42, decision 116), through the API of one in-process app: for random contacts,
 * invoices, credit notes (some crediting an invoice), bills, supplier credits, payments and refunds allocated to them,
 * allocations of credits to debits on later days, some undone, and voids, every figure of the aging as of random days
 * is the sum worked out here from what was generated: each item dated on or before the day, less its allocations dated
 * on or before it (a later one not counted, an undone one never), in the bucket of its days past due; and the aging's
 * total is the control account's balance that day.
 */

type Side = "receivable" | "payable";
const KINDS = ["invoice", "credit_note", "bill", "supplier_credit"] as const;
type Kind = (typeof KINDS)[number];
const SIDE: Record<Kind, Side> = { invoice: "receivable", credit_note: "receivable", bill: "payable", supplier_credit: "payable" };
/** A document's amount in its side's sense: an invoice or a bill is owed, a credit note or a supplier credit a credit. */
const SIGN: Record<Kind, 1 | -1> = { invoice: 1, credit_note: -1, bill: 1, supplier_credit: -1 };
const BUCKETS: AgingBucket[] = ["current", "1_30", "31_60", "61_90", "over_90"];

const day = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);
const daysBetween = (a: string, b: string) => Math.round((Date.parse(b) - Date.parse(a)) / 86_400_000);
const later = (a: string, b: string) => (a > b ? a : b);
const decimal = (c: number) => `${c < 0 ? "-" : ""}${Math.floor(Math.abs(c) / 100)}.${String(Math.abs(c) % 100).padStart(2, "0")}`;
const cents = (d: string) => Math.round(Number(d) * 100);
const bucketOf = (days: number): AgingBucket =>
  days <= 0 ? "current" : days <= 30 ? "1_30" : days <= 60 ? "31_60" : days <= 90 ? "61_90" : "over_90";

/** An open item as the test knows it: its amount in its side's sense, its dates; what settles it is in `allocations`. */
interface Item {
  key: string;
  id: number;
  contact: number;
  side: Side;
  amount: number;
  date: string;
  due: string;
}
interface Allocation {
  id: number | null;
  /** The two items it settles: the one owed (positive) and the credit (negative). */
  owed: string;
  credit: string;
  amount: number;
  date: string;
  undone: boolean;
}

const documentArb = fc.record({
  kind: fc.constantFrom(...KINDS),
  contact: fc.nat(),
  day: fc.integer({ min: 0, max: 120 }),
  cents: fc.integer({ min: 1, max: 200_000 }),
  /** A credit note or supplier credit credits the latest earlier document of its contact on its side, if any. */
  credits: fc.boolean(),
});
const paymentArb = fc.record({
  contact: fc.nat(),
  side: fc.constantFrom<Side>("receivable", "payable"),
  /** A refund settles credits; a payment what is owed. */
  refund: fc.boolean(),
  day: fc.integer({ min: 0, max: 200 }),
  cents: fc.integer({ min: 1, max: 300_000 }),
  /** Shares (in per mille) of what is left of the payment allocated to the contact's items, in turn. */
  shares: fc.array(fc.integer({ min: 1, max: 1000 }), { maxLength: 3 }),
});
const allocationArb = fc.record({
  pick: fc.nat(),
  share: fc.integer({ min: 1, max: 1000 }),
  after: fc.integer({ min: 0, max: 60 }),
  undo: fc.boolean(),
});
const programArb = fc.record({
  contacts: fc.array(fc.integer({ min: 0, max: 60 }), { minLength: 1, maxLength: 3 }),
  documents: fc.array(documentArb, { minLength: 1, maxLength: 8 }),
  payments: fc.array(paymentArb, { maxLength: 5 }),
  allocations: fc.array(allocationArb, { maxLength: 4 }),
  voids: fc.array(fc.record({ pick: fc.nat(), after: fc.integer({ min: 0, max: 40 }) }), { maxLength: 2 }),
  asOf: fc.array(fc.integer({ min: -5, max: 260 }), { minLength: 3, maxLength: 3 }),
});

describe("the aging: properties", () => {
  let t: TestApp;
  let user: TestUser;
  let run = 0;
  /** What the cases went through, so that each kind of event is known to have been tried. */
  const seen = { later: 0, undone: 0, voids: 0, credited: 0, refunds: 0, overdue: 0 };

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it("every contact's figure in every bucket is the sum of the generated items less their allocations up to the day; the total is the control account's balance", async () => {
    await fc.assert(
      fc.asyncProperty(programArb, async (program) => {
        // A fresh organization per case.
        user = await createSignedInUser(t, { companyName: `Aging ${++run}` });
        const orgs = (await (await t.request("/api/accounting/orgs", { cookie: user.cookie })).json()) as {
          organizations: { id: number }[];
        };
        const books = booksPath(orgs.organizations[0]!.id);
        const call = async <T>(path: string, json?: unknown, method?: string): Promise<T> => {
          const res = await t.request(`${books}${path}`, {
            cookie: user.cookie,
            ...(json === undefined ? {} : { json }),
            ...(method ? { method } : {}),
          });
          const text = await res.text();
          if (res.status >= 300) throw new Error(`${method ?? (json ? "POST" : "GET")} ${path}: ${res.status} ${text}`);
          return (text ? JSON.parse(text) : {}) as T;
        };
        const { accounts } = await call<{ accounts: { id: number; account_type: string; account_name: string }[] }>("/accounts");
        const revenue = accounts.find((a) => a.account_type === "Revenue")!.id;
        const expense = accounts.find((a) => a.account_type === "Expense")!.id;
        const bank = accounts.find((a) => a.account_type === "Asset" && !/receivable/i.test(a.account_name))!.id;

        const contacts: { id: number; terms: number }[] = [];
        for (const [i, terms] of program.contacts.entries()) {
          const { contact } = await call<{ contact: { id: number } }>("/contacts", {
            name: `Contact ${i + 1}`,
            is_customer: true,
            is_supplier: true,
            payment_terms_days: terms,
          });
          contacts.push({ id: contact.id, terms });
        }
        const items = new Map<string, Item>();
        const allocations: Allocation[] = [];
        /** What is open on an item today (every live allocation, whatever its date): what the database lets settle. */
        const openNow = (key: string) => {
          const item = items.get(key)!;
          const settled = allocations.filter((a) => !a.undone && (a.owed === key || a.credit === key)).reduce((s, a) => s + a.amount, 0);
          return Math.abs(item.amount) - settled;
        };
        const allocate = (x: string, y: string, amount: number, date: string, id: number | null = null) => {
          const [owed, credit] = items.get(x)!.amount > 0 ? [x, y] : [y, x];
          allocations.push({ id, owed, credit, amount, date, undone: false });
        };

        // Documents, approved in the order of their dates.
        const docs: { key: string; id: number; kind: Kind; contact: number; date: string }[] = [];
        for (const d of [...program.documents].sort((a, b) => a.day - b.day)) {
          const contact = contacts[d.contact % contacts.length]!;
          const date = day(d.day);
          const side = SIDE[d.kind];
          const crediting =
            d.credits && SIGN[d.kind] < 0
              ? [...docs].reverse().find((x) => x.contact === contact.id && SIGN[x.kind] > 0 && SIDE[x.kind] === side)
              : undefined;
          const { document } = await call<{ document: DocumentDetails }>("/documents", {
            kind: d.kind,
            contact_id: contact.id,
            issue_date: date,
            lines: [
              { description: "Work", quantity: "1", unit_price: decimal(d.cents), account_id: side === "receivable" ? revenue : expense },
            ],
            ...(crediting ? { credits_document_id: crediting.id } : {}),
          });
          const approved = (await call<{ document: DocumentDetails }>(`/documents/${document.id}/approve`, undefined, "POST")).document;
          const key = `doc-${approved.id}`;
          const due = day(d.day + contact.terms);
          expect(approved.due_date).toBe(due);
          items.set(key, { key, id: approved.item_id!, contact: contact.id, side, amount: SIGN[d.kind] * d.cents, date, due });
          if (crediting) {
            // Approving it settles the credited document as far as both go, on its own date.
            const amount = Math.min(openNow(crediting.key), d.cents);
            if (amount > 0) {
              allocate(crediting.key, key, amount, date);
              seen.credited++;
            }
          }
          docs.push({ key, id: approved.id, kind: d.kind, contact: contact.id, date });
        }

        // Payments (and refunds), each allocated to the contact's items it settles, in turn.
        for (const p of program.payments) {
          const contact = contacts[p.contact % contacts.length]!;
          const date = day(p.day);
          const direction = (p.side === "receivable") !== p.refund ? "in" : "out";
          const settles = [...items.values()].filter(
            (i) => i.contact === contact.id && i.side === p.side && (p.refund ? i.amount < 0 : i.amount > 0) && openNow(i.key) > 0,
          );
          let left = p.cents;
          const chosen: { item: Item; amount: number }[] = [];
          for (const [n, share] of p.shares.entries()) {
            const item = settles[n];
            if (!item || left <= 0) break;
            const amount = Math.min(openNow(item.key), Math.max(1, Math.floor((left * share) / 1000)));
            chosen.push({ item, amount });
            left -= amount;
          }
          const payment = (
            await call<{ payment: PaymentResult }>("/payments", {
              contact_id: contact.id,
              side: p.side,
              direction,
              date,
              account_id: bank,
              amount: decimal(p.cents),
              allocations: chosen.map((c) => ({ item_id: c.item.id, amount: decimal(c.amount) })),
            })
          ).payment;
          const key = `pay-${payment.entry_id}`;
          items.set(key, {
            key,
            id: payment.item_id,
            contact: contact.id,
            side: p.side,
            amount: p.refund ? p.cents : -p.cents,
            date,
            due: date,
          });
          for (const c of chosen) allocate(c.item.key, key, c.amount, later(c.item.date, date));
          if (p.refund) seen.refunds++;
          expect(payment.unallocated).toBe(decimal(left));
        }

        // Credits allocated to what is owed, on a later day than both; some undone.
        for (const a of program.allocations) {
          const pairs = [...items.values()].flatMap((owed) =>
            owed.amount > 0 && openNow(owed.key) > 0
              ? [...items.values()]
                  .filter((c) => c.amount < 0 && c.contact === owed.contact && c.side === owed.side && openNow(c.key) > 0)
                  .map((c) => [owed, c] as const)
              : [],
          );
          if (pairs.length === 0) continue;
          const [owed, credit] = pairs[a.pick % pairs.length]!;
          const amount = Math.max(1, Math.floor((Math.min(openNow(owed.key), openNow(credit.key)) * a.share) / 1000));
          const date = day(daysBetween(day(0), later(owed.date, credit.date)) + a.after);
          // The debit item is the one with a debit in the journal: what is owed on receivables, the credit on payables.
          const [debit, creditLine] = owed.side === "receivable" ? [owed, credit] : [credit, owed];
          const { allocation_id } = await call<{ allocation_id: number }>("/allocations", {
            debit_item_id: debit.id,
            credit_item_id: creditLine.id,
            amount: decimal(amount),
            date,
          });
          allocate(owed.key, credit.key, amount, date, allocation_id);
          if (a.undo) {
            await call(`/allocations/${allocation_id}/undo`, undefined, "POST");
            allocations.at(-1)!.undone = true;
            seen.undone++;
          }
        }

        // Voids of documents nothing settles: the reversal, dated as chosen, settles the document whole.
        const voided = new Set<string>();
        for (const v of program.voids) {
          const free = docs.filter((d) => !voided.has(d.key) && openNow(d.key) === Math.abs(items.get(d.key)!.amount));
          if (free.length === 0) continue;
          const d = free[v.pick % free.length]!;
          const item = items.get(d.key)!;
          const on = day(daysBetween(day(0), d.date) + v.after);
          await call(`/documents/${d.id}/void`, { date: on });
          const key = `${d.key}-void`;
          items.set(key, { key, id: 0, contact: item.contact, side: item.side, amount: -item.amount, date: on, due: on });
          allocate(d.key, key, Math.abs(item.amount), on);
          voided.add(d.key);
          seen.voids++;
        }

        // The aging as of each day, on each side, against the sums worked out here.
        for (const offset of program.asOf) {
          const asOf = day(offset);
          for (const side of ["receivable", "payable"] as const) {
            const expected = new Map<number, Record<AgingBucket, number>>();
            let total = 0;
            for (const item of items.values()) {
              if (item.side !== side || item.date > asOf) continue;
              const mine = allocations.filter((a) => !a.undone && (a.owed === item.key || a.credit === item.key));
              const settled = mine.filter((a) => a.date <= asOf).reduce((s, a) => s + a.amount, 0);
              if (mine.some((a) => a.date > asOf)) seen.later++;
              const open = Math.sign(item.amount) * (Math.abs(item.amount) - settled);
              total += item.amount;
              if (open === 0) continue;
              const row = expected.get(item.contact) ?? { current: 0, "1_30": 0, "31_60": 0, "61_90": 0, over_90: 0 };
              row[bucketOf(daysBetween(item.due, asOf))] += open;
              if (daysBetween(item.due, asOf) > 30) seen.overdue++;
              expected.set(item.contact, row);
            }
            const { aging } = await call<{ aging: AgingReport }>(`/aging?side=${side}&as_of=${asOf}`);
            const got = new Map(aging.rows.map((r) => [r.contact_id!, Object.fromEntries(BUCKETS.map((b) => [b, cents(r.buckets[b])]))]));
            const nonZero = (m: Map<number, Record<string, number>>) => new Map([...m].filter(([, b]) => BUCKETS.some((k) => b[k] !== 0)));
            expect(nonZero(got), `${side} as of ${asOf}`).toEqual(nonZero(expected));
            expect(aging.rows.every((r) => r.contact_id !== null)).toBe(true);
            expect(cents(aging.totals.total)).toBe(total);
            expect(aging.control_account.balance).toBe(aging.totals.total);
          }
        }
      }),
      { numRuns: 12 },
    );
    // Allocations after the day, undone ones, voids, credit notes crediting an invoice, refunds and items well past due were met.
    expect(
      Object.values(seen).every((n) => n > 0),
      JSON.stringify(seen),
    ).toBe(true);
  }, 240_000);
});
