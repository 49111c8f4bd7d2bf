import { useId } from "react";
import { Form, Link } from "react-router";
import { toCents } from "~/lib/money.ts";
import { formatLongDate } from "~/lib/format.ts";
import { Button } from "~/ui/button.tsx";
import { cn } from "~/ui/cn.ts";
import { InputField } from "~/ui/field.tsx";
import { useBooks, useMoney } from "~/features/ledger/index.ts";
import { SIDES, type Side } from "../sales.schema.ts";
import type { AgingReport, OpenItem } from "../sales.types.ts";
import { AgingItems } from "./aging-items.tsx";
import { agingHref, type AgingDrillKey } from "./aging-parts.tsx";
import { AgingTable } from "./aging-table.tsx";
import { SendAllStatements } from "./statement-actions.tsx";
import { FIRM_SENDS_TEXT, firmSends } from "./sending.ts";

const SIDE_TABS: Record<Side, { label: string; hint: string }> = {
  receivable: { label: "Receivables", hint: "what customers owe you" },
  payable: { label: "Payables", hint: "what you owe suppliers" },
};

const tabClass = (active: boolean) =>
  cn(
    "block rounded-t-md border-b-2 px-4 py-2 text-sm font-semibold",
    active ? "border-brand-700 text-brand-800" : "border-transparent text-muted hover:text-ink",
  );

/** The control account's balance on the day beside the aging's total: they are equal, or the difference is shown. */
function ControlCheck({ report }: { report: AgingReport }) {
  const money = useMoney();
  const a = report.control_account;
  const difference = (toCents(a.balance) ?? 0n) - (toCents(report.totals.total) ?? 0n);
  return (
    <div
      className={cn(
        "rounded-lg border p-4 text-sm",
        difference === 0n ? "border-emerald-200 bg-emerald-50 text-emerald-900" : "border-red-200 bg-red-50 text-red-900",
      )}
      data-testid="aging-control"
    >
      <p>
        Control account {a.code} {a.name} balance on {formatLongDate(report.as_of)}:{" "}
        <span className="font-semibold tabular-nums" data-testid="aging-control-balance">
          {money.money(a.balance)}
        </span>
      </p>
      <p className="mt-1 font-semibold" data-testid="aging-control-check">
        {difference === 0n
          ? `Equals the aging's total, ${money.money(report.totals.total)}.`
          : `Differs from the aging's total, ${money.money(report.totals.total)}, by ${money.money(difference)}.`}
      </p>
    </div>
  );
}

/**
 * The aging (/accounting/:orgId/aging?side=&as_of=&contact=&bucket=): what is owed on a side as of any day, by
 * contact, in five buckets of days past due, with its total beside the control account's balance that day. Every
 * figure opens the items behind it, under the table.
 */
export function AgingScreen({
  report,
  drill,
  errors,
  clientMaySend,
}: {
  report: AgingReport;
  drill: (AgingDrillKey & { items: OpenItem[] }) | null;
  errors: Record<string, string>;
  /** The settings let the client's side send in books the firm keeps. */
  clientMaySend: boolean;
}) {
  const uid = useId();
  const books = useBooks();
  const { can } = books;
  const firmOnly = firmSends(books, clientMaySend);
  const drilled = drill ? { contact: drill.contact, bucket: drill.bucket } : null;
  const contactName =
    drill && drill.contact != null ? (report.rows.find((r) => (r.contact_id ?? "none") === drill.contact)?.contact_name ?? null) : null;
  return (
    <div className="space-y-4">
      <div>
        <h2 className="text-xl font-semibold text-ink">Aging</h2>
        <p className="mt-1 max-w-3xl text-sm text-muted">
          What was still owed on the day, by contact and by how many days past its due date. A payment or credit dated after the day does
          not count. Choose a figure to see its items.
        </p>
      </div>
      <nav aria-label="Side" className="border-b border-slate-200">
        <ul className="flex gap-1">
          {SIDES.map((s) => (
            <li key={s}>
              <Link
                to={agingHref(s, report.as_of)}
                className={tabClass(report.side === s)}
                aria-current={report.side === s ? "page" : undefined}
              >
                {SIDE_TABS[s].label}
                <span className="sr-only"> ({SIDE_TABS[s].hint})</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Form
        method="get"
        aria-label="Day of the aging"
        className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-4"
      >
        <input type="hidden" name="side" value={report.side} />
        <InputField
          key={report.as_of}
          id={`${uid}-as-of`}
          label="As of"
          type="date"
          name="as_of"
          defaultValue={report.as_of}
          error={errors.as_of}
        />
        <Button type="submit" size="sm">
          Show aging
        </Button>
      </Form>
      {Object.entries(errors)
        .filter(([k]) => k !== "as_of")
        .map(([k, message]) => (
          <p key={k} role="alert" className="text-sm font-medium text-red-700">
            {message}
          </p>
        ))}
      <ControlCheck report={report} />
      {report.side === "receivable" && can["books.sales.send"] && firmOnly ? <p className="text-sm text-muted">{FIRM_SENDS_TEXT}</p> : null}
      {report.side === "receivable" && can["books.sales.send"] && !firmOnly ? (
        <div className="flex flex-wrap items-center gap-3 text-sm text-muted">
          <span>
            Customers&rsquo; statements of {formatLongDate(`${report.as_of.slice(0, 7)}-01`)} to {formatLongDate(report.as_of)}:
          </span>
          <SendAllStatements from={`${report.as_of.slice(0, 7)}-01`} to={report.as_of} />
        </div>
      ) : null}
      {report.rows.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-8 text-center text-muted">
          Nothing was owed on {formatLongDate(report.as_of)}.
        </p>
      ) : (
        <AgingTable report={report} drilled={drilled} />
      )}
      {drill ? <AgingItems side={report.side} asOf={report.as_of} drill={drill} items={drill.items} contactName={contactName} /> : null}
    </div>
  );
}
