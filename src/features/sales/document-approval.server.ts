import { sql } from "drizzle-orm";
import { centsToDecimal } from "~/lib/money.ts";
import { queryRows, type Db } from "~/server/db/client.ts";
import { AppError, conflict, invalidInput } from "~/server/http/app-error.ts";
import { createEntry, postEntry, prepareEntryLines, refusingLocked } from "~/features/ledger/index.server.ts";
import type { EntryInput } from "~/features/ledger/ledger.schema.ts";
import type { Membership } from "~/features/tenancy/tenancy.types.ts";
import { KIND_LABELS, SERIES_PREFIX } from "./document-math.ts";
import { insertAllocation, itemOfEntry } from "./allocations.server.ts";
import { lockDocument } from "./document-drafts.server.ts";
import { contactFor, entryOf, totalsOf } from "./document-pricing.server.ts";
import { getDocument, storedInput } from "./document-queries.server.ts";
import { readSalesSettings } from "./sales-settings.server.ts";
import { sideOfKind } from "./sales.schema.ts";
import type { DocumentDetails } from "./sales.types.ts";

/*
 * Approving documents (decision 116): a bill submitted for approval where bills need it; a draft approved takes the
 * next number of its series (gapless) and posts its entry through the ledger's one posting path, its receivable or
 * payable line the document's open item; a credit note settles the invoice it credits. One document, or many all or none.
 */

/** A bill entered where bills need approval waits for it: draft → awaiting approval. */
export async function submitDocument(db: Db, m: Membership, id: number): Promise<DocumentDetails> {
  await db.transaction(async (tx) => {
    const d = await lockDocument(tx, m, id);
    if (d.status !== "draft") throw conflict("Only a draft is submitted for approval");
    await tx.execute(sql`update sales_documents set status = 'awaiting_approval' where id = ${id}`);
  });
  return getDocument(db, m, id);
}

/**
 * Approves a draft in the caller's transaction: its number, its posted entry, its totals from that entry; a credit note
 * naming the invoice it credits settles it as far as both go. Refused when the date is behind the lock (400 naming
 * issue_date), when the document is not a draft (409).
 */
export async function approveInTransaction(tx: Db, m: Membership, id: number): Promise<void> {
  const d = await lockDocument(tx, m, id);
  if (d.status !== "draft" && d.status !== "awaiting_approval")
    throw conflict(`Only a draft can be approved (this one is ${d.status.replace("_", " ")})`);
  const settings = await readSalesSettings(tx, m.organizationId);
  if (d.kind === "bill" && settings.bills_need_approval && d.status !== "awaiting_approval")
    throw conflict("Bills are approved before they are posted: submit this bill for approval first");
  const input = await storedInput(tx, m, id);
  const contact = await contactFor(tx, m, input);
  const control = sideOfKind(d.kind) === "receivable" ? settings.receivable_account_id : settings.payable_account_id;
  const [series] = await queryRows<{ number: string }>(
    tx,
    sql`insert into document_series (organization_id, kind, prefix, last_number) values (${m.organizationId}, ${d.kind}, ${SERIES_PREFIX[d.kind]}, 1)
        on conflict (organization_id, kind) do update set last_number = document_series.last_number + 1
        returning prefix || case when last_number < 10000 then lpad(last_number::text, 4, '0') else last_number::text end as number`,
  );
  const number = series!.number;
  const entryInput = entryOf(d.kind, input, contact, control, `${KIND_LABELS[d.kind]} ${number} · ${contact.name}`);
  const { lines } = await prepareEntryLines(tx, m, entryInput);
  const totals = totalsOf(d.kind, lines);
  if (totals.total <= 0n)
    throw invalidInput({ lines: "The document's total must be more than zero" }, "lines: The document's total must be more than zero");
  // The entry as prepared, every line written as it will post (the ledger prepares it again, to the same lines).
  const control_line = lines[lines.length - 1]!;
  const entry = await createEntry(tx, m, {
    ...entryInput,
    reference: number,
    lines: [
      ...entryInput.lines,
      {
        account_id: control,
        description: contact.name,
        debit_amount: control_line.debit_amount,
        credit_amount: control_line.credit_amount,
        tax_code_id: null,
        contact_id: contact.id,
      },
    ],
    balanceWith: undefined,
  } as EntryInput);
  await postEntry(tx, m, entry.id);
  await tx.execute(
    sql`update sales_documents set status = 'approved', number = ${number}, journal_entry_id = ${entry.id},
               subtotal = ${centsToDecimal(totals.subtotal)}::numeric, tax_total = ${centsToDecimal(totals.tax)}::numeric,
               total = ${centsToDecimal(totals.total)}::numeric, approved_by = ${m.userId}, approved_at = now()
         where id = ${id}`,
  );
  if (input.credits_document_id != null) {
    const [credited] = await queryRows<{ journal_entry_id: number }>(
      tx,
      sql`select journal_entry_id from sales_documents where id = ${input.credits_document_id} and status = 'approved'`,
    );
    if (credited) {
      const a = await itemOfEntry(tx, Number(credited.journal_entry_id));
      const b = await itemOfEntry(tx, entry.id);
      const amount = a.open < b.open ? a.open : b.open;
      if (amount > 0n) {
        const [debit, credit] = a.signed > 0n ? [a, b] : [b, a];
        await insertAllocation(tx, m, debit.id, credit.id, amount, input.issue_date);
      }
    }
  }
}

export async function approveDocument(db: Db, m: Membership, id: number): Promise<DocumentDetails> {
  await refusingLocked(() => db.transaction((tx) => approveInTransaction(tx, m, id)), "issue_date");
  return getDocument(db, m, id);
}

/**
 * Approves many drafts in one transaction: all or none. A refusal names the document (`ids.N`) and why; nothing is
 * approved then.
 */
export async function approveDocuments(db: Db, m: Membership, ids: number[]): Promise<{ approved: number }> {
  await db.transaction(async (tx) => {
    for (const [i, id] of ids.entries()) {
      try {
        await refusingLocked(() => approveInTransaction(tx, m, id), "issue_date");
      } catch (err) {
        if (err instanceof AppError)
          throw new AppError(err.status, err.code, `Document ${id}: ${err.message}`, { [`ids.${i}`]: err.message });
        throw err;
      }
    }
  });
  return { approved: ids.length };
}
