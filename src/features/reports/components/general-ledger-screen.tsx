import { useId } from "react";
import { Form, Link } from "react-router";
import { Button } from "~/ui/button.tsx";
import { InputField } from "~/ui/field.tsx";
import { Pager } from "~/ui/pager.tsx";
import type { GeneralLedger } from "../general-ledger.ts";
import { AccountOptions } from "~/features/ledger/index.ts";
import { useBooks } from "~/features/ledger/index.ts";
import { AccountLedgerDownloads, AccountLedgerTooLong, AllAccountsDownloads } from "./general-ledger-downloads.tsx";
import { GeneralLedgerTable } from "./general-ledger-table.tsx";
import { PrintedOrganization } from "./report-print-parts.tsx";

export interface GeneralLedgerView {
  account: number | null;
  start: string;
  end: string;
  ledger: GeneralLedger | null;
  /** The first page (no `after` in the URL). */
  first: boolean;
  /** Whether the account's ledger of the period fits in a PDF (MAX_PRINTED_LINES). */
  printable: boolean;
  /** Whether every account's ledger of the period fits in a download; null while the period is not valid. */
  allPrintable: boolean | null;
  errors: Record<string, string>;
}

const query = (v: { account: number | null; start: string; end: string }, after?: string) =>
  `?${new URLSearchParams({ account: String(v.account ?? ""), start: v.start, end: v.end, ...(after ? { after } : {}) })}`;

/**
 * General ledger (/accounting/:orgId/ledger?account=&start=&end=): one account's posted lines in a period with the
 * opening balance, counter-accounts, running balance and closing balance; 500 lines a page (`after` in the URL), the
 * whole period as CSV and (when it fits) PDF; every account's ledger of the period as one PDF or CSV.
 */
export function GeneralLedgerScreen({ view }: { view: GeneralLedgerView }) {
  const { accounts } = useBooks();
  const uid = useId();
  const { ledger, errors } = view;
  const failure = Object.values(errors)[0];
  return (
    <div className="space-y-6">
      <div>
        <h2 className="text-xl font-semibold text-ink">General ledger</h2>
        <p className="mt-1 max-w-3xl text-sm text-muted">
          Every posted line of an account in a period, with the other accounts of its entry and the balance after it. The closing balance is
          the trial balance&apos;s.
        </p>
      </div>
      <Form
        method="get"
        role="search"
        aria-label="Choose the account and period"
        className="rounded-lg border border-slate-200 bg-white p-4"
      >
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-[2fr_1fr_1fr_auto] lg:items-end">
          <InputField
            as="select"
            id={`${uid}-account`}
            name="account"
            label="Account"
            defaultValue={view.account ?? ""}
            error={errors.account}
            fieldClassName="col-span-2 lg:col-span-1"
          >
            <option value="">Choose an account</option>
            <AccountOptions accounts={accounts} />
          </InputField>
          {(["start", "end"] as const).map((name) => (
            <InputField
              key={name}
              id={`${uid}-${name}`}
              label={name === "start" ? "Start date" : "End date"}
              error={errors[name]}
              name={name}
              type="date"
              defaultValue={view[name]}
            />
          ))}
          <Button type="submit" className="col-span-2 lg:col-span-1">
            Show
          </Button>
        </div>
      </Form>
      <AllAccountsDownloads start={view.start} end={view.end} printable={view.allPrintable} />
      <section aria-labelledby={`${uid}-title`} className="rounded-lg border border-slate-200" data-printable>
        <PrintedOrganization />
        <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 px-3 py-3">
          <h3 id={`${uid}-title`} className="text-lg font-semibold text-ink">
            {ledger ? `${ledger.account.account_code} ${ledger.account.account_name}` : "General ledger"}{" "}
            <span className="text-sm font-normal text-muted">
              {view.start} to {view.end}
            </span>
          </h3>
          {ledger ? <AccountLedgerDownloads query={query(view)} printable={view.printable} noteId={`${uid}-too-long`} /> : null}
        </div>
        {ledger ? (
          <>
            {view.printable ? null : <AccountLedgerTooLong id={`${uid}-too-long`} />}
            <GeneralLedgerTable ledger={ledger} first={view.first} />
            {ledger.lines.length === 0 ? <p className="p-4 text-muted">No posted lines on this account in the period.</p> : null}
            <Pager
              label="Pages of the general ledger"
              className="border-t border-slate-200 px-3 py-3"
              status={`${ledger.lines.length} line${ledger.lines.length === 1 ? "" : "s"}${view.first ? "" : " (a later page)"}`}
              previous={view.first ? null : { to: query(view), text: "First lines" }}
              next={ledger.next ? { to: query(view, ledger.next), text: "Next lines" } : null}
            />
          </>
        ) : (
          <p className="p-4 text-muted">{failure ?? "Choose an account to see its ledger."}</p>
        )}
      </section>
      {ledger && view.account ? (
        <p className="text-sm text-muted">
          <Link
            className="text-brand-700 underline"
            to={`../journal?account=${view.account}&from=${view.start}&to=${view.end}`}
            relative="path"
          >
            The entries of this account in the journal
          </Link>
        </p>
      ) : null}
    </div>
  );
}
