import { sql } from "drizzle-orm";
import { centsToDecimal, toCents } from "~/lib/money.ts";
import { pgArray, queryRows, type Db } from "~/server/db/client.ts";
import { invalidInput } from "~/server/http/app-error.ts";
import { createEntry, postEntry, refusingLocked } from "~/features/ledger/index.server.ts";
import type { EntryInput } from "~/features/ledger/ledger.schema.ts";
import type { Membership } from "~/features/tenancy/tenancy.types.ts";
import { ALLOCATED, insertAllocation, itemOfEntry } from "./allocations.server.ts";
import { readSalesSettings } from "./sales-settings.server.ts";
import type { AllocationInput, PaymentInput } from "./sales.schema.ts";
import type { AllocationResult, PaymentResult } from "./sales.types.ts";

/*
 * Settling open items (decision 116): a payment recorded for a contact and allocated to the items named, or a credit
 * item applied to a debit one; each item checked first (posted, the contact's, on the other side, no more than is owed).
 */

interface ItemFacts {
  id: number;
  account_id: number;
  contact_id: number | null;
  status: string;
  entry_date: string;
  signed: bigint;
  open: bigint;
  label: string;
  document_status: string | null;
}

/** Items of the organization by id, each with what is open today and the document it comes from. */
async function itemFacts(db: Db, m: Membership, ids: number[]): Promise<Map<number, ItemFacts>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<{
    id: number;
    account_id: number;
    contact_id: number | null;
    status: string;
    entry_date: string;
    signed: string;
    allocated: string;
    label: string;
    document_status: string | null;
  }>(
    db,
    sql`select l.id, l.account_id, coalesce(c.merged_into, c.id) as contact_id, e.status, e.entry_date::text as entry_date,
               (l.debit_amount - l.credit_amount)::text as signed, (${ALLOCATED(sql`l.id`)})::text as allocated,
               coalesce(d.number, e.entry_number) as label, coalesce(d.status, v.status) as document_status
          from journal_entry_lines l
          join journal_entries e on e.id = l.journal_entry_id
          left join contacts c on c.id = l.contact_id
          left join sales_documents d on d.journal_entry_id = e.id
          left join sales_documents v on v.void_entry_id = e.id
         where l.organization_id = ${m.organizationId} and l.id = any(${pgArray(ids)}::bigint[])`,
  );
  return new Map(
    rows.map((r) => {
      const signed = toCents(r.signed)!;
      const abs = signed < 0n ? -signed : signed;
      return [
        Number(r.id),
        {
          id: Number(r.id),
          account_id: Number(r.account_id),
          contact_id: r.contact_id == null ? null : Number(r.contact_id),
          status: r.status,
          entry_date: r.entry_date,
          signed,
          open: abs - toCents(r.allocated)!,
          label: r.label,
          document_status: r.document_status,
        },
      ];
    }),
  );
}

const refuse = (field: string, message: string) => invalidInput({ [field]: message }, `${field}: ${message}`);

/** Checks an item may take `cents` of settlement from a counterpart of sign `counterSign`, for `contactId` on `account`. */
function checkItem(
  field: string,
  item: ItemFacts | undefined,
  o: { account: number; contactId: number | null; counterSign: 1n | -1n; cents: bigint; amountField: string },
): ItemFacts {
  if (!item || item.status !== "posted" || item.account_id !== o.account || item.contact_id == null)
    throw refuse(field, "Open item not found");
  if (item.document_status === "void") throw refuse(field, `${item.label} is void`);
  if (o.contactId != null && item.contact_id !== o.contactId) throw refuse(field, `${item.label} is another contact's`);
  if ((item.signed > 0n ? 1n : -1n) === o.counterSign) throw refuse(field, `${item.label} is on the same side: it cannot settle it`);
  if (o.cents > item.open) throw refuse(o.amountField, `More than is still owed on ${item.label} (${centsToDecimal(item.open)})`);
  return item;
}

/**
 * Records a payment (money in or out through a bank or cash account) for a contact, posted in one entry with any
 * write-offs, and allocates it to the open items named, in one transaction. What is not allocated stays as the contact's
 * credit (or debit), its own open item.
 */
export async function recordPayment(db: Db, m: Membership, input: PaymentInput): Promise<PaymentResult> {
  if (input.currency && input.currency !== m.currency) throw refuse("currency", `Payments are in the books' currency, ${m.currency}`);
  const settings = await readSalesSettings(db, m.organizationId);
  const control = input.side === "receivable" ? settings.receivable_account_id : settings.payable_account_id;
  const [contact] = await queryRows<{ id: number; name: string }>(
    db,
    sql`select id, name from contacts where organization_id = ${m.organizationId} and id = ${input.contact_id} and merged_into is null`,
  );
  if (!contact) throw refuse("contact_id", "Contact not found");
  const accountIds = [input.account_id, ...input.write_offs.map((w) => w.account_id)];
  const active = new Set(
    (
      await queryRows<{ id: number }>(
        db,
        sql`select id from chart_of_accounts where organization_id = ${m.organizationId} and is_active and id = any(${pgArray(accountIds)}::integer[])`,
      )
    ).map((r) => Number(r.id)),
  );
  const controls = [settings.receivable_account_id, settings.payable_account_id];
  if (!active.has(input.account_id) || controls.includes(input.account_id)) throw refuse("account_id", "Account not found or inactive");
  input.write_offs.forEach((w, i) => {
    if (!active.has(w.account_id) || controls.includes(w.account_id))
      throw refuse(`write_offs.${i}.account_id`, "Account not found or inactive");
  });
  const writtenOff = input.write_offs.reduce((s, w) => s + w.amount, 0n);
  const settled = input.amount + writtenOff;
  // Money in: the bank is debited and the contact's line credited (it settles debit items); money out the other way.
  const bankSign: 1n | -1n = input.direction === "in" ? 1n : -1n;
  const controlSign = -bankSign as 1n | -1n;
  const facts = await itemFacts(
    db,
    m,
    input.allocations.map((a) => a.item_id),
  );
  const seen = new Set<number>();
  input.allocations.forEach((a, i) => {
    if (seen.has(a.item_id)) throw refuse(`allocations.${i}.item_id`, "Each open item is allocated once per payment");
    seen.add(a.item_id);
    checkItem(`allocations.${i}.item_id`, facts.get(a.item_id), {
      account: control,
      contactId: contact.id,
      counterSign: controlSign,
      cents: a.amount,
      amountField: `allocations.${i}.amount`,
    });
  });
  const allocated = input.allocations.reduce((s, a) => s + a.amount, 0n);
  if (allocated > settled)
    throw refuse(
      "allocations",
      `The allocations (${centsToDecimal(allocated)}) add up to more than the payment settles (${centsToDecimal(settled)})`,
    );
  const line = (account_id: number, cents: bigint, description: string | null, contact_id: number | null = null) => ({
    account_id,
    description,
    debit_amount: centsToDecimal(cents > 0n ? cents : 0n),
    credit_amount: centsToDecimal(cents < 0n ? -cents : 0n),
    tax_code_id: null,
    contact_id,
  });
  const what =
    input.side === "receivable"
      ? input.direction === "in"
        ? `Payment from ${contact.name}`
        : `Refund to ${contact.name}`
      : input.direction === "out"
        ? `Payment to ${contact.name}`
        : `Refund from ${contact.name}`;
  const entryInput = {
    description: what,
    entry_date: input.date,
    reference: input.reference ?? null,
    lines: [
      line(input.account_id, input.amount * bankSign, null),
      ...input.write_offs.map((w) => line(w.account_id, w.amount * bankSign, w.description || "Written off")),
      line(control, settled * controlSign, contact.name, contact.id),
    ],
  } as EntryInput;
  return refusingLocked(
    () =>
      db.transaction(async (tx) => {
        const entry = await createEntry(tx, m, entryInput);
        await postEntry(tx, m, entry.id);
        const own = await itemOfEntry(tx, entry.id);
        for (const a of input.allocations) {
          const [debit, credit] = controlSign > 0n ? [own.id, a.item_id] : [a.item_id, own.id];
          const other = facts.get(a.item_id)!;
          await insertAllocation(tx, m, debit, credit, a.amount, other.entry_date > input.date ? other.entry_date : input.date);
        }
        return { entry_id: entry.id, entry_number: entry.entry_number, item_id: own.id, unallocated: centsToDecimal(settled - allocated) };
      }),
    "date",
  );
}

/** Settles a debit item with a credit item (a credit note or an unallocated payment applied to an invoice). */
export async function allocate(db: Db, m: Membership, input: AllocationInput): Promise<AllocationResult> {
  const facts = await itemFacts(db, m, [input.debit_item_id, input.credit_item_id]);
  const debit = facts.get(input.debit_item_id);
  const settings = await readSalesSettings(db, m.organizationId);
  if (!debit || ![settings.receivable_account_id, settings.payable_account_id].includes(debit.account_id))
    throw refuse("debit_item_id", "Open item not found");
  checkItem("debit_item_id", debit, {
    account: debit.account_id,
    contactId: null,
    counterSign: -1n,
    cents: input.amount,
    amountField: "amount",
  });
  const credit = checkItem("credit_item_id", facts.get(input.credit_item_id), {
    account: debit.account_id,
    contactId: debit.contact_id,
    counterSign: 1n,
    cents: input.amount,
    amountField: "amount",
  });
  const earliest = debit.entry_date > credit.entry_date ? debit.entry_date : credit.entry_date;
  if (input.date && input.date < earliest) throw refuse("date", `An allocation is dated on or after both items (${earliest})`);
  const id = await refusingLocked(
    () => db.transaction((tx) => insertAllocation(tx, m, debit.id, credit.id, input.amount, input.date ?? earliest)),
    "date",
  );
  return { allocation_id: id };
}
