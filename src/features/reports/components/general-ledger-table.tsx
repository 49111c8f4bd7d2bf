import { counterLabel, type GeneralLedger } from "../general-ledger.ts";
import { Amount, ColumnHeads, cardRow, cardText, tdClass } from "~/ui/table.tsx";
import { useMoney } from "~/features/ledger/index.ts";

/**
 * One page of an account's general ledger: the balance brought forward (the opening balance on the first page), each
 * posted line with its entry, counter-account, tax code and running balance, then the closing balance at the end date. Below md
 * each line is a card (as the journal's rows are), its amounts named.
 */
export function GeneralLedgerTable({ ledger, first }: { ledger: GeneralLedger; first: boolean }) {
  const { money, balance } = useMoney();
  const side = (d: string) => (d !== "0.00" ? money(d) : "");
  const last = ledger.next === null;
  return (
    <table className="min-w-full divide-y divide-slate-200 max-md:block">
      <caption className="sr-only">
        General ledger of {ledger.account.account_code} {ledger.account.account_name} from {ledger.start} to {ledger.end}
      </caption>
      <thead className="bg-slate-50 max-md:hidden">
        <ColumnHeads
          labels={["Date", "Entry", "Description", "Counter-account", "Tax", "Debit", "Credit", "Balance"]}
          numeric={["Debit", "Credit", "Balance"]}
        />
      </thead>
      <tbody className="divide-y divide-slate-100 max-md:block">
        <tr className={`${cardRow} bg-slate-50`} data-testid="gl-opening">
          <td className={`${tdClass} ${cardText} max-md:col-span-2`} colSpan={7}>
            {first ? `Opening balance on ${ledger.start}` : "Balance brought forward"}
          </td>
          <Amount label="Balance">{balance(first ? ledger.opening_balance : ledger.page_opening_balance)}</Amount>
        </tr>
        {ledger.lines.map((l) => (
          <tr key={l.cursor} data-testid="gl-line" className={cardRow}>
            <td className={`${tdClass} ${cardText} whitespace-nowrap`}>{l.entry_date}</td>
            <td className={`${tdClass} ${cardText} font-mono max-md:col-span-2`}>{l.entry_number}</td>
            <td className={`${tdClass} ${cardText} max-md:col-span-3`}>{l.line_description || l.description}</td>
            <td className={`${tdClass} ${cardText} text-muted max-md:col-span-3`}>{counterLabel(l)}</td>
            <td className={`${tdClass} ${cardText} max-md:col-span-3 max-md:empty:hidden`} data-testid="gl-line-tax">
              {l.tax_code ?? ""}
            </td>
            <Amount label="Debit">{side(l.debit_amount)}</Amount>
            <Amount label="Credit">{side(l.credit_amount)}</Amount>
            <Amount label="Balance">{balance(l.balance)}</Amount>
          </tr>
        ))}
        {last ? (
          <tr className={`${cardRow} bg-slate-50 font-semibold`} data-testid="gl-closing">
            <td className={`${tdClass} ${cardText} max-md:col-span-3`} colSpan={5}>
              Closing balance on {ledger.end}
            </td>
            <Amount label="Debit">{money(ledger.debit_total)}</Amount>
            <Amount label="Credit">{money(ledger.credit_total)}</Amount>
            <Amount label="Balance">{balance(ledger.closing_balance)}</Amount>
          </tr>
        ) : null}
      </tbody>
    </table>
  );
}
