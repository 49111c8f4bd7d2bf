import { sql, type SQL } from "drizzle-orm";
import { todayIso } from "~/lib/format.ts";
import { centsToDecimal, toCents } from "~/lib/money.ts";
import { pgArray, queryRows, type Db } from "~/server/db/client.ts";
import { conflict, invalidInput } from "~/server/http/app-error.ts";
import { recordAudit, type AuditActor } from "~/server/audit.server.ts";
import { createEntry, notFound, postEntry, refusingLocked, sqlState } from "~/features/ledger/index.server.ts";
import type { EntryInput } from "~/features/ledger/ledger.schema.ts";
import type { Membership } from "~/features/tenancy/tenancy.types.ts";
import { KIND_LABELS } from "./document-math.ts";
import { readSalesSettings } from "./sales-settings.server.ts";
import type { AllocationInput, PaymentInput, Side } from "./sales.schema.ts";
import type { AllocationResult, OpenItem, PaymentResult } from "./sales.types.ts";

/*
 * Open items and what settles them (decision 116). An open item is a posted journal line on a control account that
 * names a contact; its amount is signed debit positive; what is still owed on it on a day is its amount less the
 * allocations (not undone) dated on or before that day. Nothing else is stored: no paid counter, no status to drift.
 */

/** Live allocations of a line dated on or before `asOf` (any date when null), in cents, as SQL. */
export const ALLOCATED = (line: SQL, asOf: SQL | null = null) =>
  sql`(coalesce((select sum(a.amount) from allocations a where a.debit_line_id = ${line} and a.undone_at is null ${asOf ? sql`and a.allocated_on <= ${asOf}` : sql``}), 0)
     + coalesce((select sum(a.amount) from allocations a where a.credit_line_id = ${line} and a.undone_at is null ${asOf ? sql`and a.allocated_on <= ${asOf}` : sql``}), 0))`;

/** What is still owed today on the open item of an entry (its line naming a contact), positive, as SQL. */
export const OWED_OF_ITEM = (entryId: SQL) =>
  sql`select abs(l.debit_amount - l.credit_amount) - ${ALLOCATED(sql`l.id`)} from journal_entry_lines l
       where l.journal_entry_id = ${entryId} and l.contact_id is not null limit 1`;

export interface ItemRow {
  id: number;
  /** Cents, positive. */
  amount: bigint;
  /** Cents, debit positive. */
  signed: bigint;
  /** Cents still open today, positive. */
  open: bigint;
}

/** The open item of an entry (its one line naming a contact). */
export async function itemOfEntry(db: Db, entryId: number): Promise<ItemRow> {
  const [row] = await queryRows<{ id: number; signed: string; allocated: string }>(
    db,
    sql`select l.id, (l.debit_amount - l.credit_amount)::text as signed, (${ALLOCATED(sql`l.id`)})::text as allocated
          from journal_entry_lines l where l.journal_entry_id = ${entryId} and l.contact_id is not null limit 1`,
  );
  if (!row) throw new Error(`entry ${entryId} has no open item`);
  const signed = toCents(row.signed)!;
  const amount = signed < 0n ? -signed : signed;
  return { id: Number(row.id), amount, signed, open: amount - toCents(row.allocated)! };
}

/** Writes an allocation; the database checks it again (sides, account, over-allocation, lock date). */
export async function insertAllocation(
  db: Db,
  m: Pick<Membership, "organizationId" | "userId">,
  debitLineId: number,
  creditLineId: number,
  cents: bigint,
  date: string,
): Promise<number> {
  try {
    const [row] = await queryRows<{ id: number }>(
      db,
      sql`insert into allocations (organization_id, debit_line_id, credit_line_id, amount, allocated_on, created_by)
          values (${m.organizationId}, ${debitLineId}, ${creditLineId}, ${centsToDecimal(cents)}::numeric, ${date}::date, ${m.userId})
          returning id`,
    );
    return Number(row!.id);
  } catch (err) {
    if (sqlState(err) === "23514") throw conflict("That allocation is more than is still owed");
    throw err;
  }
}

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

/** Undoes an allocation (kept, marked, audited): refused when its date is behind the lock. */
export async function undoAllocation(db: Db, m: Membership, actor: AuditActor, id: number): Promise<void> {
  await refusingLocked(
    () =>
      db.transaction(async (tx) => {
        const [a] = await queryRows<{ id: number; amount: string; allocated_on: string; undone_at: string | null; void_of: number | null }>(
          tx,
          sql`select a.id, a.amount::text as amount, a.allocated_on::text as allocated_on, a.undone_at,
                     (select v.id from sales_documents v join journal_entry_lines l on l.journal_entry_id = v.void_entry_id
                       where l.id in (a.debit_line_id, a.credit_line_id) limit 1) as void_of
                from allocations a where a.organization_id = ${m.organizationId} and a.id = ${id} for update`,
        );
        if (!a) throw notFound("Allocation");
        if (a.undone_at) throw conflict("This allocation was already undone");
        if (a.void_of != null) throw conflict("A void's settlement stays: the document is void");
        // On the cash basis a filed return counted this settlement's tax (migration 0053 refuses it too).
        const [filed] = await queryRows<{ name: string | null }>(
          tx,
          sql`select tax_filed_allocation(organization_id, allocated_on, debit_line_id, credit_line_id) as name from allocations where id = ${id}`,
        );
        if (filed?.name) {
          const message = `The tax return ${filed.name} is filed and counted the tax this payment settles: an allocation dated in its period stays`;
          throw invalidInput({ allocated_on: message }, message);
        }
        await tx.execute(sql`update allocations set undone_at = now(), undone_by = ${m.userId} where id = ${id}`);
        await recordAudit(tx, actor, {
          action: "allocation.undone",
          targetType: "organization",
          targetId: m.organizationId,
          before: { allocation_id: id, amount: a.amount, allocated_on: a.allocated_on },
        });
      }),
    "allocated_on",
  );
}

/** The items of a side still open on a day (today by default), oldest first; of one contact when named. */
export async function openItems(
  db: Db,
  m: Membership,
  q: { side: Side; contact_id?: number | undefined; as_of?: string | undefined },
): Promise<OpenItem[]> {
  const settings = await readSalesSettings(db, m.organizationId);
  const account = q.side === "receivable" ? settings.receivable_account_id : settings.payable_account_id;
  const sign = q.side === "receivable" ? sql`1` : sql`-1`;
  const asOf = q.as_of ?? todayIso();
  const rows = await queryRows<OpenItem>(
    db,
    sql`select * from (
          select l.id as item_id, coalesce(c.merged_into, c.id) as contact_id, coalesce(k.name, c.name) as contact_name,
                 e.id as entry_id, e.entry_number, e.entry_date::text as date, coalesce(d.due_date, e.entry_date)::text as due_date,
                 d.id as document_id, d.number as document_number, d.kind as document_kind, e.description, e.reference,
                 ((l.debit_amount - l.credit_amount) * ${sign})::text as amount,
                 (sign(l.debit_amount - l.credit_amount) * ${sign} * (abs(l.debit_amount - l.credit_amount) - ${ALLOCATED(sql`l.id`, sql`${asOf}::date`)}))::text as open
            from journal_entry_lines l
            join journal_entries e on e.id = l.journal_entry_id and e.status = 'posted' and e.entry_date <= ${asOf}::date
            join contacts c on c.id = l.contact_id
            left join contacts k on k.id = c.merged_into
            left join sales_documents d on d.journal_entry_id = e.id
           where l.organization_id = ${m.organizationId} and l.account_id = ${account} and l.contact_id is not null
             ${q.contact_id ? sql`and l.contact_id in (select x.id from contacts x where x.organization_id = ${m.organizationId} and (x.id = ${q.contact_id} or x.merged_into = ${q.contact_id}))` : sql``}
        ) s where s.open::numeric <> 0
        order by s.due_date, s.date, s.item_id
        limit 2000`,
  );
  return rows.map(openItemOf);
}

/** An open item as read from the database (its ids may come as text): a document's item is named by the document. */
export function openItemOf(r: OpenItem): OpenItem {
  return {
    ...r,
    item_id: Number(r.item_id),
    contact_id: r.contact_id == null ? null : Number(r.contact_id),
    entry_id: Number(r.entry_id),
    document_id: r.document_id == null ? null : Number(r.document_id),
    description: r.document_kind && r.document_number ? `${KIND_LABELS[r.document_kind]} ${r.document_number}` : r.description,
  };
}

/**
 * After an entry with open items was reversed (a payment matched to a bank line, undone): its items' live allocations
 * are undone (what they settled is owed again) and each item is settled by its mirror in the reversal, so neither stays
 * open. In the caller's transaction; the audit log records the undoing.
 */
export async function cancelSettlements(tx: Db, m: Membership, actor: AuditActor, entryId: number, mirrorId: number): Promise<void> {
  const pairs = await queryRows<{ item: number; mirror: number; signed: string; date: string }>(
    tx,
    sql`select o.id as item, r.id as mirror, (o.debit_amount - o.credit_amount)::text as signed, e.entry_date::text as date
          from journal_entry_lines o
          join journal_entry_lines r on r.journal_entry_id = ${mirrorId} and r.line_no = o.line_no
          join journal_entries e on e.id = r.journal_entry_id
         where o.journal_entry_id = ${entryId} and o.organization_id = ${m.organizationId} and o.contact_id is not null`,
  );
  for (const p of pairs) {
    const undone = await queryRows<{ id: number; amount: string }>(
      tx,
      sql`update allocations set undone_at = now(), undone_by = ${m.userId}
           where (debit_line_id = ${p.item} or credit_line_id = ${p.item}) and undone_at is null
          returning id, amount::text as amount`,
    );
    for (const a of undone)
      await recordAudit(tx, actor, {
        action: "allocation.undone",
        targetType: "organization",
        targetId: m.organizationId,
        before: { allocation_id: Number(a.id), amount: a.amount, reason: "its payment was reversed" },
      });
    const signed = toCents(p.signed)!;
    const [debit, credit] = signed > 0n ? [p.item, p.mirror] : [p.mirror, p.item];
    await insertAllocation(tx, m, Number(debit), Number(credit), signed < 0n ? -signed : signed, p.date);
  }
}
