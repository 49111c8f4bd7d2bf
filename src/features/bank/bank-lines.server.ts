import { sql } from "drizzle-orm";
import { queryRows, type Db, pgArray } from "~/server/db/client.ts";
import type { BankLinesQuery } from "./bank.schema.ts";
import type { BankLine, BankLinePage, LedgerCandidate } from "./bank.types.ts";
import { notFound } from "~/features/ledger/index.server.ts";
import { listQuestions } from "./bank-questions.server.ts";
import { excluderName } from "./bank-exclusions.server.ts";
import { ruleProposals } from "./bank-rules.server.ts";
import { candidate, candidateColumns, suggestions } from "./bank-suggestions.server.ts";
import type { Membership } from "~/features/tenancy/tenancy.types.ts";

export const BANK_LINES_PAGE_SIZE = 100;

type Row = Omit<BankLine, "matched" | "suggestion" | "reconciled" | "rule" | "question" | "documents" | "excluded"> & {
  reconciled: boolean | null;
  excluded_at: string | null;
  excluded_by: string | null;
  exclusion_reason: string | null;
};

/** Which lines a filter shows: excluded lines only under their own (they count nowhere else, "all" included). */
const FILTERS = {
  unmatched: sql`and b.match_id is null and b.excluded_at is null`,
  matched: sql`and b.match_id is not null`,
  all: sql`and b.excluded_at is null`,
  excluded: sql`and b.excluded_at is not null`,
} as const;

/** The documents kept with the entries of each match (a receipt attached from the line, or to its entry). */
async function documentCounts(db: Db, m: Membership, matchIds: number[]): Promise<Map<number, number>> {
  if (matchIds.length === 0) return new Map();
  const rows = await queryRows<{ match_id: number; n: number }>(
    db,
    sql`select x.match_id, count(*)::integer as n
          from (select distinct ml.match_id, l.journal_entry_id
                  from bank_match_ledger_lines ml join journal_entry_lines l on l.id = ml.journal_entry_line_id
                 where ml.match_id = any(${pgArray(matchIds)}::integer[])) x
          join entry_documents d on d.journal_entry_id = x.journal_entry_id and d.organization_id = ${m.organizationId}
         group by x.match_id`,
  );
  return new Map(rows.map((r) => [Number(r.match_id), Number(r.n)]));
}

/**
 * A page of an account's statement lines, oldest first as the statement reads (`order=newest` turns it round), each
 * with what it is matched to or the best suggestion.
 */
export async function listBankLines(db: Db, m: Membership, bankId: number, q: BankLinesQuery): Promise<BankLinePage> {
  const [account] = await queryRows<{ account_id: number }>(
    db,
    sql`select account_id from bank_accounts where organization_id = ${m.organizationId} and id = ${bankId}`,
  );
  if (!account) throw notFound("Bank account");
  const show = q.show ?? "unmatched";
  const filter = FILTERS[show];
  const [{ n }] = (await queryRows<{ n: number }>(
    db,
    sql`select count(*)::integer as n from bank_lines b where b.bank_account_id = ${bankId} ${filter}`,
  )) as [{ n: number }];
  const total = Number(n);
  const pages = Math.max(1, Math.ceil(total / BANK_LINES_PAGE_SIZE));
  const page = Math.min(q.page ?? 1, pages);
  const rows = await queryRows<Row>(
    db,
    sql`select b.id, b.booked_on::text as date, b.amount::text, b.description, b.payee, b.reference, b.match_id,
               x.kind as match_kind, x.reconciliation_id is not null as reconciled,
               b.excluded_at::text, ${excluderName} as excluded_by, b.exclusion_reason
          from bank_lines b left join bank_matches x on x.id = b.match_id
         where b.bank_account_id = ${bankId} ${filter}
         order by ${q.order === "newest" ? sql`b.booked_on desc, b.id desc` : sql`b.booked_on, b.id`}
         limit ${BANK_LINES_PAGE_SIZE} offset ${(page - 1) * BANK_LINES_PAGE_SIZE}`,
  );
  const matchIds = rows.filter((r) => r.match_id !== null).map((r) => Number(r.match_id));
  const matched = new Map<number, LedgerCandidate[]>();
  if (matchIds.length > 0) {
    const ledger = await queryRows<LedgerCandidate & { match_id: number }>(
      db,
      sql`select ml.match_id, ${candidateColumns}
            from bank_match_ledger_lines ml
            join journal_entry_lines l on l.id = ml.journal_entry_line_id
            join journal_entries e on e.id = l.journal_entry_id
           where ml.match_id = any(${pgArray(matchIds)}::integer[])
           order by e.entry_date, l.id`,
    );
    for (const { match_id, ...c } of ledger) matched.set(Number(match_id), [...(matched.get(Number(match_id)) ?? []), candidate(c)]);
  }
  const documents = await documentCounts(db, m, matchIds);
  const open = rows.filter((r) => r.match_id === null && r.excluded_at === null).map((r) => ({ ...r, id: Number(r.id) }));
  const best = await suggestions(db, m, bankId, Number(account.account_id), open);
  const rules = await ruleProposals(
    db,
    m,
    open.map((l) => l.id),
  );
  const questions = new Map(
    (
      await listQuestions(
        db,
        m,
        rows.map((r) => Number(r.id)),
      )
    ).map((q) => [q.bank_line_id, q]),
  );
  const lines: BankLine[] = rows.map(({ excluded_at, excluded_by, exclusion_reason, ...r }) => ({
    ...r,
    id: Number(r.id),
    match_id: r.match_id === null ? null : Number(r.match_id),
    reconciled: r.reconciled === true,
    matched: r.match_id === null ? [] : (matched.get(Number(r.match_id)) ?? []),
    suggestion: best.get(Number(r.id)) ?? null,
    rule: rules.get(Number(r.id)) ?? null,
    question: questions.get(Number(r.id)) ?? null,
    documents: r.match_id === null ? 0 : (documents.get(Number(r.match_id)) ?? 0),
    excluded: excluded_at === null ? null : { at: excluded_at, by: excluded_by, reason: exclusion_reason ?? "" },
  }));
  return { lines, page, pages, total };
}
