import { sql } from "drizzle-orm";
import type { AuditActor } from "~/server/audit.server.ts";
import { recordAudit } from "~/server/audit.server.ts";
import { queryRows, type Db } from "~/server/db/client.ts";
import { AppError, invalidInput } from "~/server/http/app-error.ts";
import type { DeletionPlan } from "./account.types.ts";

interface MembershipRow {
  organization_id: number | string;
  name: string;
  role: string;
  members: number | string;
  other_owners: number | string;
}

async function memberships(db: Db, userId: string, lock: boolean): Promise<MembershipRow[]> {
  return queryRows<MembershipRow>(
    db,
    sql`select m.organization_id, o.name, m.role,
               (select count(*) from organization_memberships x where x.organization_id = m.organization_id) as members,
               (select count(*) from organization_memberships x
                 where x.organization_id = m.organization_id and x.role = 'owner' and x.user_id <> m.user_id) as other_owners
          from organization_memberships m join organizations o on o.id = m.organization_id
         where m.user_id = ${userId}
         order by o.name, m.organization_id
         ${lock ? sql`for update of m, o` : sql``}`,
  );
}

/**
 * What deleting the account does to each of the user's organizations: the ones where they are the only member are
 * deleted with their books (each after its name is typed), the ones they own with other members and no other owner
 * block the deletion until another member is made owner, and from the others they simply leave.
 */
export async function deletionPlan(db: Db, userId: string, lock = false): Promise<DeletionPlan> {
  const rows = await memberships(db, userId, lock);
  const plan: DeletionPlan = { deleted: [], needOwner: [], left: [] };
  for (const r of rows) {
    const org = { organizationId: Number(r.organization_id), name: r.name };
    if (Number(r.members) <= 1) plan.deleted.push(org);
    else if (r.role === "owner" && Number(r.other_owners) === 0) plan.needOwner.push(org);
    else plan.left.push(org);
  }
  return plan;
}

/**
 * The books' guards refuse to delete posted entries, their lines, their totals, reconciled bank matches, allocations and
 * the files kept with approved documents, to change
 * a posted entry (the user's deletion sets its created_by/posted_by to null) and to touch anything dated in the locked
 * period: set aside inside this one transaction only, taken first so that its locks come before any row lock.
 */
const BOOK_GUARDS = [
  ["journal_entries", "journal_entries_guard"],
  ["journal_entries", "journal_entries_lock_guard"],
  ["journal_entry_lines", "journal_entry_lines_guard"],
  ["journal_entry_lines", "journal_entry_lines_lock_guard"],
  ["account_day_totals", "account_day_totals_guard"],
  ["bank_matches", "bank_matches_guard"],
  ["bank_lines", "bank_lines_guard"],
  ["bank_match_ledger_lines", "bank_match_ledger_lines_guard"],
  ["allocations", "allocations_no_delete"],
  ["sales_document_files", "sales_document_files_guard"],
] as const;

async function setBookGuards(tx: Db, on: boolean): Promise<void> {
  for (const [table, trigger] of BOOK_GUARDS)
    await tx.execute(sql.raw(`alter table ${table} ${on ? "enable" : "disable"} trigger ${trigger}`));
}

async function deleteOrganization(tx: Db, organizationId: number): Promise<void> {
  await tx.execute(sql`delete from account_day_totals where organization_id = ${organizationId}`);
  // Allocations name journal lines (settled documents): gone first, as the lines they settle go.
  await tx.execute(sql`delete from allocations where organization_id = ${organizationId}`);
  // Documents (their lines, files and links with them) before the chart and tax codes their lines name.
  await tx.execute(sql`delete from sales_documents where organization_id = ${organizationId}`);
  await tx.execute(sql`delete from journal_entry_lines where organization_id = ${organizationId}`);
  await tx.execute(sql`delete from idempotency_keys where organization_id = ${organizationId}`);
  await tx.execute(sql`delete from organizations where id = ${organizationId}`);
}

/**
 * Deletes the user's account in one transaction: organizations where they are the only member (with their books,
 * each confirmed by its typed name), their saved calculator results, sessions, memberships, second factor and the
 * user itself. Leads they sent stay for the firm, no longer linked to them. An organization they own with other
 * members and no other owner refuses the whole deletion, naming it.
 */
export async function deleteAccount(db: Db, userId: string, confirmedNames: string[], actor: AuditActor): Promise<DeletionPlan> {
  return db.transaction(async (tx) => {
    await setBookGuards(tx, false);
    const plan = await deletionPlan(tx, userId, true);
    const blocked = plan.needOwner[0];
    if (blocked) {
      throw new AppError(
        409,
        "ORGANIZATION_NEEDS_OWNER",
        `Make another member an owner of ${blocked.name} before deleting your account: it has other members and you are its only owner.`,
      );
    }
    const typed = new Set(confirmedNames.map((n) => n.trim()));
    const unconfirmed = plan.deleted.find((o) => !typed.has(o.name.trim()));
    if (unconfirmed) {
      const message = `Type the name of ${unconfirmed.name} exactly to confirm it is deleted with its books`;
      throw invalidInput({ confirmOrganizations: message }, message);
    }
    for (const org of plan.deleted) {
      await deleteOrganization(tx, org.organizationId);
      await recordAudit(tx, actor, { action: "organization.deleted", targetType: "organization", targetId: org.organizationId });
    }
    await tx.execute(sql`update contact_messages set user_id = null where user_id = ${userId}`);
    await tx.execute(sql`update consultation_requests set user_id = null where user_id = ${userId}`);
    await tx.execute(sql`delete from calculator_submissions where user_id = ${userId}`);
    await tx.execute(sql`delete from sessions where user_id = ${userId}`);
    await tx.execute(sql`delete from organization_memberships where user_id = ${userId}`);
    await tx.execute(sql`delete from users where id = ${userId}`);
    await recordAudit(tx, actor, { action: "user.deleted", targetType: "user", targetId: userId });
    await setBookGuards(tx, true);
    return plan;
  });
}
