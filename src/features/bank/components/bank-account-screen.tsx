import { useState } from "react";
import { Link } from "react-router";
import { Pager, pageHref } from "~/ui/pager.tsx";
import { BANK_LINE_FILTERS, type BANK_LINE_ORDERS } from "../bank.schema.ts";
import type { BankAccount, BankLinePage } from "../bank.types.ts";

import { BankLineRow } from "./bank-line-row.tsx";
import { BankLineDialogs } from "./bank-line-dialogs.tsx";
import { BankSectionHead } from "./bank-section-head.tsx";
import { booksPath, useBooks, useMoney } from "~/features/ledger/index.ts";
import { PostRulesDialog } from "./post-rules-dialog.tsx";
import { Button } from "~/ui/button.tsx";
import { StatementImport } from "./bank-statement-import.tsx";
import { ColumnHeads } from "~/ui/table.tsx";
import { useBankLineChanges } from "./use-bank-line-changes.ts";
import { cn } from "~/ui/cn.ts";

const FILTER_LABELS = { unmatched: "To match", matched: "Matched", all: "All", excluded: "Excluded" } as const;

/**
 * One bank account (/accounting/:orgId/bank/:bankId): import its statements, then work through its lines: accept a
 * suggestion, match by hand, or categorize (post an entry in one step). `?show=`, `?order=` and `?page=` are in the
 * URL; the lines read oldest first, as the statement does, unless newest first is asked for.
 */
export function BankAccountScreen({
  account,
  page,
  show,
  order,
}: {
  account: BankAccount;
  page: BankLinePage;
  show: (typeof BANK_LINE_FILTERS)[number];
  order: (typeof BANK_LINE_ORDERS)[number];
}) {
  const { money } = useMoney();
  const { organization, accounts, can } = useBooks();
  const canWrite = can["books.write"];
  const orgId = organization.id;
  const bankId = account.id;
  const { pending, busyLine, write, onAction, dialog, openDialog, closeDialog } = useBankLineChanges(orgId, bankId);
  const [postingRules, setPostingRules] = useState(false);
  const proposed = page.lines.filter((l) => l.match_id === null && l.rule && !l.suggestion).length;

  const newest = order === "newest";
  const filters = { show, order: newest ? order : undefined };
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <BankSectionHead back={booksPath(organization.id, "bank")} backText="Bank accounts" title={account.name}>
          <p className="mt-1 text-sm text-muted">
            {account.kind === "card" ? "Credit card" : "Bank account"} kept in {account.account_code} · {account.account_name}; book balance{" "}
            {money(account.book_balance)}; {account.reconciled_to ? `reconciled to ${account.reconciled_to}` : "not reconciled yet"}.
          </p>
        </BankSectionHead>
        <span className="flex flex-wrap gap-4">
          <Link className="font-semibold text-brand-700 underline" to={booksPath(organization.id, "bank-rules")}>
            Rules
          </Link>
          <Link className="font-semibold text-brand-700 underline" to={booksPath(organization.id, `bank/${account.id}/reconcile`)}>
            Reconcile
          </Link>
        </span>
      </div>
      {can["books.import"] ? <StatementImport account={account} orgId={orgId} /> : null}
      <section aria-labelledby="lines-heading" className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="lines-heading" className="text-lg font-semibold text-ink">
            Statement lines
          </h2>
          {can["books.rules"] && proposed > 0 ? (
            <Button onClick={() => setPostingRules(true)} disabled={pending}>
              Post the lines rules choose an account for
            </Button>
          ) : null}
          <div className="flex flex-wrap items-center gap-2">
            <nav aria-label="Which statement lines" className="flex flex-wrap gap-1">
              {BANK_LINE_FILTERS.map((f) => (
                <Link
                  key={f}
                  to={pageHref({ ...filters, show: f }, 1)}
                  aria-current={f === show ? "page" : undefined}
                  className={cn(
                    "rounded-md px-3 py-1.5 text-sm font-semibold",
                    f === show ? "bg-brand-700 text-white" : "text-brand-800 hover:bg-brand-50",
                  )}
                  preventScrollReset
                >
                  {FILTER_LABELS[f]}
                  {f === "excluded" && account.excluded > 0 ? ` (${account.excluded})` : ""}
                </Link>
              ))}
            </nav>
            <Link
              to={pageHref({ show, order: newest ? undefined : "newest" }, 1)}
              className="rounded-md px-3 py-1.5 text-sm font-semibold text-brand-800 underline hover:bg-brand-50"
              preventScrollReset
            >
              {newest ? "Oldest first" : "Newest first"}
            </Link>
          </div>
        </div>
        {page.lines.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 p-8 text-center text-muted">
            {account.lines === 0 && account.excluded === 0
              ? "No statement imported yet."
              : show === "unmatched"
                ? "Every statement line is matched."
                : show === "excluded"
                  ? "No line is excluded."
                  : "No statement lines here yet."}
          </p>
        ) : (
          <div className="overflow-x-auto rounded-lg border border-slate-200">
            <table className="min-w-full divide-y divide-slate-200 max-md:block">
              <caption className="sr-only">Statement lines, {newest ? "newest" : "oldest"} first</caption>
              <thead className="bg-slate-50 max-md:hidden">
                <ColumnHeads labels={["Date", "Bank's text", "Amount", "In the books", canWrite && "Actions"]} numeric={["Amount"]} />
              </thead>
              <tbody className="divide-y divide-slate-100 max-md:block">
                {page.lines.map((l) => (
                  <BankLineRow key={l.id} line={l} canWrite={canWrite} busy={busyLine === l.id} onAction={(a) => void onAction(l, a)} />
                ))}
              </tbody>
            </table>
          </div>
        )}
        <Pager
          label="Pages of statement lines"
          status={`${page.total} line${page.total === 1 ? "" : "s"} · page ${page.page} of ${page.pages}`}
          previous={page.page > 1 ? { to: pageHref(filters, page.page - 1), text: "Previous page" } : null}
          next={page.page < page.pages ? { to: pageHref(filters, page.page + 1), text: "Next page" } : null}
        />
      </section>
      <PostRulesDialog open={postingRules} account={account} onOpenChange={setPostingRules} />
      <BankLineDialogs
        dialog={dialog}
        account={account}
        accounts={accounts}
        orgId={orgId}
        canWrite={canWrite}
        pending={pending}
        write={write}
        onOpen={openDialog}
        onClose={closeDialog}
      />
    </div>
  );
}
