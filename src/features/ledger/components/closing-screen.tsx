import type { ReactNode } from "react";
import type { BooksLock } from "../ledger.types.ts";
import type { YearEndPreview, YearEndState } from "../year-end-close.types.ts";
import { useBooks } from "./books-context.tsx";
import { LockForm, UnlockForm } from "./books-lock-forms.tsx";
import { YearEndCloseSection } from "./year-end-close-section.tsx";
import { FiscalYearForm } from "./fiscal-year-form.tsx";
import { BooksCurrencyForm } from "./books-currency-form.tsx";
import { formatDateTime } from "~/lib/format.ts";

/**
 * Closing (/accounting/:orgId/closing): the books' lock date, why and by whom it was set, and every change of it.
 * Those who hold "books.lock" set, move or lift it, always with a reason; "books.close" closes or reopens a fiscal year.
 * When the firm keeps the books, both are the firm's: the client reads them here. `children` follow the year-end close
 * (the page puts the year-end packages there).
 */
export function ClosingScreen({
  lock,
  yearEnd,
  preview,
  children,
}: {
  lock: BooksLock;
  yearEnd: YearEndState;
  preview: YearEndPreview;
  children?: ReactNode;
}) {
  const { can, firmKeeps, organization } = useBooks();
  return (
    <div className="space-y-6">
      <div>
        <h2 className="text-xl font-semibold text-ink">Closing</h2>
        <p className="mt-1 max-w-3xl text-sm text-muted">
          Lock the books up to a date once a month or a year is closed: nothing dated on or before it can be entered, edited, posted,
          deleted, reversed into or imported. Unlocking needs a reason; every change is kept below and in the audit log.
        </p>
      </div>
      <section aria-label="Lock date" className="rounded-lg bg-slate-50 p-4 text-sm text-ink" data-testid="lock-status">
        {lock.lock_date ? (
          <>
            <p className="text-base font-semibold">Locked up to {lock.lock_date}</p>
            {lock.current ? (
              <p className="mt-1 text-muted">
                {lock.current.reason} ({lock.current.by ?? "a former member"}, {formatDateTime(lock.current.at)})
              </p>
            ) : null}
          </>
        ) : (
          <p className="text-base font-semibold">The books are not locked</p>
        )}
      </section>
      {firmKeeps && !can["books.lock"] && can["books.write"] ? (
        <p className="text-sm text-muted" data-testid="firm-keeps">
          The firm keeps these books: it sets the lock date, the fiscal year and the currency, and closes the years. Any change of the lock
          date is kept below.
        </p>
      ) : null}
      {can["books.lock"] ? (
        <div className="grid gap-4 lg:grid-cols-2">
          <LockForm key={lock.lock_date ?? "open"} current={lock.lock_date} />
          {lock.lock_date ? <UnlockForm /> : null}
        </div>
      ) : null}
      <FiscalYearForm key={yearEnd.fiscal_year_start_month} current={yearEnd.fiscal_year_start_month} />
      <BooksCurrencyForm key={organization.currency} />
      <YearEndCloseSection state={yearEnd} preview={preview} />
      {children}
      <section aria-labelledby="lock-history">
        <h3 id="lock-history" className="text-base font-semibold text-ink">
          History
        </h3>
        {lock.history.length === 0 ? (
          <p className="mt-2 text-sm text-muted">The lock date has never been set.</p>
        ) : (
          <ol className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200 text-sm">
            {lock.history.map((h) => (
              <li key={h.at + (h.lock_date ?? "")} className="p-3">
                <p className="font-semibold text-ink">{h.lock_date ? `Locked up to ${h.lock_date}` : "Unlocked"}</p>
                <p className="text-ink">{h.reason}</p>
                <p className="text-muted">
                  {h.by ?? "A former member"}, {formatDateTime(h.at)}
                </p>
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
