import { useId } from "react";
import { Form, Link } from "react-router";
import { formatLongDate } from "~/lib/format.ts";
import { Button } from "~/ui/button.tsx";
import { InputField } from "~/ui/field.tsx";
import { Amount, cardRow, cardText, tdClass, thClass } from "~/ui/table.tsx";
import { useBooksOrgId, useMoney } from "~/features/ledger/index.ts";
import { AGING_BUCKETS, type Side } from "../sales.schema.ts";
import type { Statement } from "../sales.types.ts";
import { StatementActions } from "./statement-actions.tsx";
import { BUCKET_LABELS, linkClass, SIDE_LABELS } from "./contact-parts.tsx";
import { sideDocumentPath } from "./document-paths.ts";

export interface StatementPeriod {
  side: Side;
  from: string;
  to: string;
  /** The sides the contact has (a choice only when it is a customer and a supplier). */
  sides: Side[];
}

/** The statement's period and side: a GET form of the page's URL (side, from, to). */
function StatementForm({ period, errors }: { period: StatementPeriod; errors: Record<string, string> }) {
  const uid = useId();
  return (
    <Form
      method="get"
      preventScrollReset
      aria-label="Period of the statement"
      className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-4"
    >
      {period.sides.length > 1 ? (
        <InputField as="select" id={`${uid}-side`} name="side" label="Side" defaultValue={period.side}>
          {period.sides.map((s) => (
            <option key={s} value={s}>
              {s === "receivable" ? "Receivable (as a customer)" : "Payable (as a supplier)"}
            </option>
          ))}
        </InputField>
      ) : null}
      <InputField id={`${uid}-from`} label="From" type="date" name="from" defaultValue={period.from} error={errors.from} />
      <InputField id={`${uid}-to`} label="To" type="date" name="to" defaultValue={period.to} error={errors.to} />
      <Button type="submit" size="sm">
        Show statement
      </Button>
    </Form>
  );
}

/**
 * A contact's statement (GET /contacts/:id/statement): the balance brought forward, each line of the period (its
 * description linked to its document) with what it charged or credited and the running balance, the closing balance,
 * and what is due on the last day by age. Amounts are signed as owed: by the contact on receivables, to it on payables.
 */
export function StatementSection({
  statement,
  period,
  errors,
  clientMaySend,
}: {
  statement: Statement | null;
  period: StatementPeriod;
  errors: Record<string, string>;
  /** The settings let the client's side send in books the firm keeps. */
  clientMaySend: boolean;
}) {
  const orgId = useBooksOrgId();
  const money = useMoney();
  const owedBy = period.side === "receivable" ? "owed by the contact" : "owed to the contact";
  return (
    <section aria-labelledby="statement-heading" className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h3 id="statement-heading" className="text-lg font-semibold text-ink">
            Statement
          </h3>
          <p className="text-sm text-muted">
            {SIDE_LABELS[period.side]} side: a positive balance is {owedBy}, a negative one a credit.
          </p>
        </div>
        {statement ? (
          <StatementActions
            contactId={statement.contact.id}
            side={statement.side}
            from={statement.from}
            to={statement.to}
            clientMaySend={clientMaySend}
          />
        ) : null}
      </div>
      <StatementForm key={`${period.side}|${period.from}|${period.to}`} period={period} errors={errors} />
      {statement ? (
        <>
          <div className="overflow-x-auto rounded-lg border border-slate-200">
            <table className="min-w-full divide-y divide-slate-200 max-md:block" data-testid="statement">
              <caption className="px-3 py-2 text-left text-sm font-semibold text-ink max-md:block">
                {statement.contact.name}, {formatLongDate(statement.from)} to {formatLongDate(statement.to)}
              </caption>
              <thead className="bg-slate-50 max-md:hidden">
                <tr>
                  <th scope="col" className={thClass}>
                    Date
                  </th>
                  <th scope="col" className={thClass}>
                    Description
                  </th>
                  <th scope="col" className={`${thClass} text-right`}>
                    Charge
                  </th>
                  <th scope="col" className={`${thClass} text-right`}>
                    Credit
                  </th>
                  <th scope="col" className={`${thClass} text-right`}>
                    Balance
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200 max-md:block">
                <tr className={`${cardRow} bg-slate-50`} data-testid="statement-opening">
                  <td className={`${tdClass} ${cardText} max-md:col-span-3 md:whitespace-nowrap`}>{formatLongDate(statement.from)}</td>
                  <td className={`${tdClass} ${cardText} font-semibold max-md:col-span-2`}>Opening balance</td>
                  <td className="max-md:hidden" />
                  <td className="max-md:hidden" />
                  <Amount label="Balance">{money.money(statement.opening_balance)}</Amount>
                </tr>
                {statement.lines.map((l, i) => (
                  <tr key={`${l.entry_number}-${i}`} className={cardRow} data-testid="statement-line">
                    <td className={`${tdClass} ${cardText} max-md:col-span-3 md:whitespace-nowrap`}>{formatLongDate(l.date)}</td>
                    <td className={`${tdClass} ${cardText} max-md:col-span-3 [overflow-wrap:anywhere]`}>
                      {l.document_id != null ? (
                        <Link to={sideDocumentPath(orgId, period.side, l.document_id)} className={linkClass}>
                          {l.description}
                        </Link>
                      ) : (
                        l.description
                      )}
                      <span className="block text-xs text-muted">{l.entry_number}</span>
                    </td>
                    <Amount label="Charge">{l.charge === "0.00" ? "" : money.money(l.charge)}</Amount>
                    <Amount label="Credit">{l.credit === "0.00" ? "" : money.money(l.credit)}</Amount>
                    <Amount label="Balance">{money.money(l.balance)}</Amount>
                  </tr>
                ))}
                {statement.lines.length === 0 ? (
                  <tr className="max-md:block">
                    <td colSpan={5} className={`${tdClass} text-muted max-md:block`}>
                      Nothing in this period.
                    </td>
                  </tr>
                ) : null}
                <tr className={`${cardRow} bg-slate-50`} data-testid="statement-closing">
                  <td className={`${tdClass} ${cardText} max-md:col-span-3 md:whitespace-nowrap`}>{formatLongDate(statement.to)}</td>
                  <td className={`${tdClass} ${cardText} font-semibold max-md:col-span-2`}>Closing balance</td>
                  <td className="max-md:hidden" />
                  <td className="max-md:hidden" />
                  <Amount label="Balance">
                    <span className="font-semibold">{money.money(statement.closing_balance)}</span>
                  </Amount>
                </tr>
              </tbody>
            </table>
          </div>
          <div className="rounded-lg border border-slate-200 p-4">
            <h4 className="text-sm font-semibold text-ink">Due on {formatLongDate(statement.to)}, by age</h4>
            <dl className="mt-2 grid grid-cols-2 gap-x-6 gap-y-1 text-sm sm:grid-cols-3 lg:grid-cols-6" data-testid="statement-aging">
              {AGING_BUCKETS.map((b) => (
                <div key={b}>
                  <dt className="text-muted">{BUCKET_LABELS[b]}</dt>
                  <dd className="tabular-nums">{money.money(statement.aging[b])}</dd>
                </div>
              ))}
              <div>
                <dt className="font-semibold text-ink">Total due</dt>
                <dd className="font-semibold tabular-nums">{money.money(statement.aging.total)}</dd>
              </div>
            </dl>
          </div>
        </>
      ) : (
        <p className="text-sm text-muted">Choose a period to see the statement.</p>
      )}
    </section>
  );
}
