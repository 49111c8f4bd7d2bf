import { Link } from "react-router";
import type { ReportRow } from "../reports.ts";
import { useLoad } from "~/ui/use-load.ts";
import { getGeneralLedger } from "../reports.api.ts";
import { booksPath, useBooks, useBooksOrgId, useMoney } from "~/features/ledger/index.ts";
import { Amount, Modal, tdClass, ColumnHeads, cardRow, cardText } from "~/ui/table.tsx";

/**
 * An account's posted lines in the report's range, with the running balance: the first page of its general ledger
 * (the same API), and a link to the General ledger section for the whole of it.
 */
export function AccountLedgerDialog({
  row,
  start,
  end,
  onOpenChange,
}: {
  row: ReportRow | null;
  start: string;
  end: string;
  onOpenChange: (o: boolean) => void;
}) {
  const { money, balance } = useMoney();
  const orgId = useBooksOrgId();
  const { organization } = useBooks();
  const ledger =
    useLoad(
      row ? `${orgId}:${row.account_id}:${start}:${end}` : null,
      () => getGeneralLedger(orgId, { account: row!.account_id, start, end }),
      "Error generating report",
    )?.ledger ?? null;
  return (
    <Modal
      open={row !== null}
      onOpenChange={onOpenChange}
      wide
      title={row ? `Ledger: ${row.account_code} ${row.account_name}` : "Ledger"}
      description={`Posted lines from ${start} to ${end} with the running balance.`}
    >
      {!ledger ? (
        <p role="status">Loading...</p>
      ) : (
        // Below md each line is a card (as the journal's rows): date and entry, description, tax code (when any), then Debit, Credit and
        // Balance side by side with their names, so nothing is cut off or scrolled sideways on a phone.
        <table className="min-w-full divide-y divide-slate-200 max-md:block">
          <caption className="sr-only">Posted lines of the account</caption>
          <thead className="bg-slate-50 max-md:hidden">
            <ColumnHeads
              labels={["Date", "Entry", "Description", "Tax", "Debit", "Credit", "Balance"]}
              numeric={["Debit", "Credit", "Balance"]}
            />
          </thead>
          <tbody className="divide-y divide-slate-100 max-md:block">
            <tr className={cardRow}>
              <td className={`${tdClass} ${cardText} max-md:col-span-2`} colSpan={6}>
                Opening balance
              </td>
              <Amount label="Balance">{balance(ledger.opening_balance)}</Amount>
            </tr>
            {ledger.lines.map((l, i) => (
              <tr key={i} data-testid="ledger-line" className={cardRow}>
                <td className={`${tdClass} ${cardText} whitespace-nowrap`}>{l.entry_date}</td>
                <td className={`${tdClass} ${cardText} font-mono max-md:col-span-2`}>{l.entry_number}</td>
                <td className={`${tdClass} ${cardText} max-md:col-span-3`}>{l.line_description || l.description}</td>
                <td className={`${tdClass} ${cardText} max-md:col-span-3 max-md:empty:hidden`} data-testid="ledger-line-tax">
                  {l.tax_code ?? ""}
                </td>
                <Amount label="Debit">{l.debit_amount !== "0.00" ? money(l.debit_amount) : ""}</Amount>
                <Amount label="Credit">{l.credit_amount !== "0.00" ? money(l.credit_amount) : ""}</Amount>
                <Amount label="Balance">{balance(l.balance)}</Amount>
              </tr>
            ))}
            <tr className={`${cardRow} font-semibold`}>
              <td className={`${tdClass} ${cardText} max-md:col-span-2`} colSpan={6}>
                Closing balance{ledger.next ? " (first lines only: the general ledger shows them all)" : ""}
              </td>
              <Amount label="Balance">{balance(ledger.closing_balance)}</Amount>
            </tr>
          </tbody>
        </table>
      )}
      {row ? (
        <p className="mt-4 text-sm">
          <Link
            className="font-medium text-brand-700 underline"
            to={`${booksPath(organization.id, "ledger")}?account=${row.account_id}&start=${start}&end=${end}`}
          >
            Open in the general ledger
          </Link>
        </p>
      ) : null}
    </Modal>
  );
}
