import { sql } from "drizzle-orm";
import { queryRows, type Db } from "~/server/db/client.ts";
import { invalidInput } from "~/server/http/app-error.ts";
import type { Membership } from "~/features/tenancy/tenancy.types.ts";
import type { SalesSettingsInput, Side } from "./sales.schema.ts";
import type { SalesSettings } from "./sales.types.ts";

/*
 * The organization's receivables and payables settings (decision 116): its two control accounts, whether a bill waits
 * for approval before it is posted, and whether the client's owner sends her own invoices when the firm keeps the books.
 * Made on first use: the control accounts are the chart's "Accounts Receivable" and "Accounts Payable" (made, with the
 * next free code from 1100 and 2000, when the chart has none).
 */

const DEFAULTS: Record<Side, { name: string; type: "Asset" | "Liability"; detail: string; code: number }> = {
  receivable: { name: "Accounts Receivable", type: "Asset", detail: "current_asset", code: 1100 },
  payable: { name: "Accounts Payable", type: "Liability", detail: "current_liability", code: 2000 },
};

async function controlAccount(db: Db, organizationId: number, side: Side): Promise<number> {
  const d = DEFAULTS[side];
  const [found] = await queryRows<{ id: number }>(
    db,
    sql`select id from chart_of_accounts
         where organization_id = ${organizationId} and is_active and account_type = ${d.type} and lower(account_name) = lower(${d.name})
         order by account_code limit 1`,
  );
  if (found) return Number(found.id);
  const [made] = await queryRows<{ id: number }>(
    db,
    sql`insert into chart_of_accounts (organization_id, account_code, account_name, account_type, detail_type)
        select ${organizationId}, c::text, ${d.name}, ${d.type}, ${d.detail}
          from generate_series(${d.code}::integer, ${d.code + 99}::integer) c
         where not exists (select 1 from chart_of_accounts a where a.organization_id = ${organizationId} and a.account_code = c::text)
         order by c limit 1
        returning id`,
  );
  if (!made) throw new Error(`no free code for the ${side} control account`);
  return Number(made.id);
}

/** The settings, made on first use (safe when two requests make them at once). */
export async function readSalesSettings(db: Db, organizationId: number): Promise<SalesSettings> {
  const read = () =>
    queryRows<SalesSettings>(
      db,
      sql`select receivable_account_id, payable_account_id, bills_need_approval, client_may_send
            from sales_settings where organization_id = ${organizationId}`,
    );
  const [row] = await read();
  if (row) return { ...row, receivable_account_id: Number(row.receivable_account_id), payable_account_id: Number(row.payable_account_id) };
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('sales_settings'), ${organizationId})`);
    const [again] = await queryRows<{ organization_id: number }>(tx, sql`select organization_id from sales_settings where organization_id = ${organizationId}`);
    if (again) return;
    const receivable = await controlAccount(tx, organizationId, "receivable");
    const payable = await controlAccount(tx, organizationId, "payable");
    await tx.execute(
      sql`insert into sales_settings (organization_id, receivable_account_id, payable_account_id)
          values (${organizationId}, ${receivable}, ${payable}) on conflict do nothing`,
    );
  });
  return readSalesSettings(db, organizationId);
}

/** The control account of a side. */
export async function controlAccountId(db: Db, organizationId: number, side: Side): Promise<number> {
  const s = await readSalesSettings(db, organizationId);
  return side === "receivable" ? s.receivable_account_id : s.payable_account_id;
}

/**
 * Changes the settings. A control account must be an active account of the organization, an asset for receivables and
 * a liability for payables; it can change only while no line on the current one names a contact.
 */
export async function saveSalesSettings(db: Db, m: Membership, input: SalesSettingsInput): Promise<SalesSettings> {
  const current = await readSalesSettings(db, m.organizationId);
  const accounts = await queryRows<{ id: number; account_type: string }>(
    db,
    sql`select id, account_type from chart_of_accounts
         where organization_id = ${m.organizationId} and is_active and id in (${input.receivable_account_id}, ${input.payable_account_id})`,
  );
  const typeOf = new Map(accounts.map((a) => [Number(a.id), a.account_type]));
  if (typeOf.get(input.receivable_account_id) !== "Asset")
    throw invalidInput({ receivable_account_id: "Choose an active asset account" }, "receivable_account_id: Choose an active asset account");
  if (typeOf.get(input.payable_account_id) !== "Liability")
    throw invalidInput({ payable_account_id: "Choose an active liability account" }, "payable_account_id: Choose an active liability account");
  for (const [field, from, to] of [
    ["receivable_account_id", current.receivable_account_id, input.receivable_account_id],
    ["payable_account_id", current.payable_account_id, input.payable_account_id],
  ] as const) {
    if (from === to) continue;
    const [used] = await queryRows<{ n: number }>(
      db,
      sql`select 1 as n from journal_entry_lines where organization_id = ${m.organizationId} and account_id = ${from} and contact_id is not null limit 1`,
    );
    if (used) {
      const message = "The control account holds customers' or suppliers' items: it cannot change";
      throw invalidInput({ [field]: message }, `${field}: ${message}`);
    }
  }
  await db.execute(
    sql`update sales_settings set receivable_account_id = ${input.receivable_account_id}, payable_account_id = ${input.payable_account_id},
               bills_need_approval = ${input.bills_need_approval}, client_may_send = ${input.client_may_send}, updated_at = now()
         where organization_id = ${m.organizationId}`,
  );
  return readSalesSettings(db, m.organizationId);
}
