/** The return's tables: the boxes (each figure opens its lines) and the reconciliation. */
import { Amount, cardRow, cardText, ColumnHeads, tdClass } from "~/ui/table.tsx";
import { useMoney } from "~/features/ledger/index.ts";
import { UNPAID_TAX_LABEL, type TaxReturnBox, type TaxReturnReport } from "../tax-return.types.ts";

const figureClass = "tabular-nums text-brand-700 underline decoration-dotted hover:text-brand-900";

/** A figure of the return: a button that opens the lines behind it ("base of box 03"), or a grey zero with none. */
export function Figure({ value, what, onOpen }: { value: string; what: string; onOpen: () => void }) {
  const money = useMoney();
  return value === "0.00" ? (
    <span className="tabular-nums text-muted">{money.money(value)}</span>
  ) : (
    <button type="button" className={figureClass} onClick={onOpen}>
      {money.money(value)}
      <span className="sr-only"> ({what}: show its lines)</span>
    </button>
  );
}

/**
 * The boxes of one group with their base and tax; a non-zero figure opens the lines behind it. Below md each box is a
 * card (its number and description, then Base and Tax named), so that no figure is cut off or scrolled sideways on a phone.
 */
export function BoxesTable({ title, boxes, onOpen }: { title: string; boxes: TaxReturnBox[]; onOpen: (b: TaxReturnBox) => void }) {
  const figure = (b: TaxReturnBox, value: string, what: string) => (
    <Figure value={value} what={`${what} of box ${b.box}`} onOpen={() => onOpen(b)} />
  );
  return (
    <section aria-label={title} className="rounded-lg border border-slate-200 md:overflow-x-auto">
      <table className="min-w-full divide-y divide-slate-200 max-md:block">
        <caption className="px-3 py-2 text-left text-base font-semibold text-ink max-md:block">{title}</caption>
        <thead className="max-md:hidden">
          <ColumnHeads labels={["Box", "Description", "Base", "Tax"]} numeric={["Base", "Tax"]} />
        </thead>
        <tbody className="divide-y divide-slate-100 max-md:block">
          {boxes.map((b) => (
            <tr key={b.box} className={cardRow}>
              <td className={`${tdClass} ${cardText} font-semibold`}>{b.box}</td>
              <td className={`${tdClass} ${cardText} max-md:col-span-2`}>{b.label ?? ""}</td>
              <Amount label="Base">{figure(b, b.base, "base")}</Amount>
              <Amount label="Tax">{figure(b, b.tax, "tax")}</Amount>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** Each tax account's movement against the return's tax; a difference is shown in red. */
export function Reconciliation({ report }: { report: TaxReturnReport }) {
  const money = useMoney();
  if (report.reconciliation.length === 0) return null;
  if (report.basis === "cash") return <CashReconciliation report={report} />;
  return (
    <section aria-label="Reconciliation with the tax accounts" className="rounded-lg border border-slate-200 md:overflow-x-auto">
      <table className="min-w-full divide-y divide-slate-200 max-md:block">
        <caption className="px-3 py-2 text-left text-base font-semibold text-ink max-md:block">
          Reconciliation with the tax accounts
          <span className="block text-sm font-normal text-muted">
            Debit positive. A difference is an amount posted to the account without a tax code.
          </span>
        </caption>
        <thead className="max-md:hidden">
          <ColumnHeads labels={["Account", "Movement", "Return tax", "Difference"]} numeric={["Movement", "Return tax", "Difference"]} />
        </thead>
        <tbody className="divide-y divide-slate-100 max-md:block">
          {report.reconciliation.map((a) => (
            <tr key={a.account_id} className={cardRow}>
              <td className={`${tdClass} ${cardText} font-medium max-md:col-span-3`}>
                {a.account_code} {a.account_name}
              </td>
              <Amount label="Movement">{money.money(a.movement)}</Amount>
              <Amount label="Return tax">{money.money(a.return_tax)}</Amount>
              <Amount label="Difference">
                <span className={a.difference === "0.00" ? "" : "font-semibold text-red-700"}>{money.money(a.difference)}</span>
              </Amount>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/**
 * On the cash basis: each tax account's balance on the period's end (before the period's settlement) made of the
 * return's tax, the tax on invoices and bills still unpaid (due when paid), what earlier periods left and a difference.
 * Below md each account is a card of its figures, each named.
 */
function CashReconciliation({ report }: { report: TaxReturnReport }) {
  const money = useMoney();
  return (
    <section aria-labelledby="tax-reconciliation-heading" className="space-y-2 rounded-lg border border-slate-200 p-3">
      <h3 id="tax-reconciliation-heading" className="text-base font-semibold text-ink">
        Reconciliation with the tax accounts
      </h3>
      <p className="text-sm text-muted">
        Debit positive. The balance on {report.to} is the return&apos;s tax, plus the tax on invoices and bills not yet paid (due when they
        are paid), plus what earlier periods left in the account, plus a difference posted without a tax code.
      </p>
      <div className="md:overflow-x-auto">
        <table className="min-w-full divide-y divide-slate-200 max-md:block">
          <caption className="sr-only">Reconciliation with the tax accounts</caption>
          <thead className="max-md:hidden">
            <ColumnHeads
              labels={["Account", `Balance on ${report.to}`, "Return tax", UNPAID_TAX_LABEL, "Earlier periods", "Difference"]}
              numeric={[`Balance on ${report.to}`, "Return tax", UNPAID_TAX_LABEL, "Earlier periods", "Difference"]}
            />
          </thead>
          <tbody className="divide-y divide-slate-100 max-md:block">
            {report.reconciliation.map((a) => (
              <tr key={a.account_id} className={cardRow} data-testid="tax-reconciliation-account">
                <td className={`${tdClass} ${cardText} font-medium max-md:col-span-3`}>
                  {a.account_code} {a.account_name}
                </td>
                <Amount label={`Balance on ${report.to}`}>{money.money(a.cash?.balance ?? a.movement)}</Amount>
                <Amount label="Return tax">{money.money(a.return_tax)}</Amount>
                <Amount label={UNPAID_TAX_LABEL}>
                  <span data-testid="tax-unpaid">{money.money(a.cash?.unpaid ?? "0.00")}</span>
                </Amount>
                <Amount label="Earlier periods">{money.money(a.cash?.earlier ?? "0.00")}</Amount>
                <Amount label="Difference">
                  <span className={a.difference === "0.00" ? "" : "font-semibold text-red-700"}>{money.money(a.difference)}</span>
                </Amount>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
