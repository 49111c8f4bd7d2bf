import type { ReactNode } from "react";
import { cn } from "~/ui/cn.ts";
import { ColumnHeads, tdClass } from "~/ui/table.tsx";
import { useMoney } from "~/features/ledger/index.ts";
import type { DocumentDetails } from "../sales.types.ts";
import { plainDecimal } from "./document-form-values.ts";

const HEADS = ["Description", "Quantity", "Unit price", "Discount", "Account", "Tax code", "Amount"];

function Cell({ label, children, className }: { label?: string; children: ReactNode; className?: string }) {
  return (
    <td className={cn(tdClass, "max-lg:p-0", className)}>
      {label ? <span className="block text-xs font-semibold uppercase tracking-wide text-muted lg:hidden">{label}</span> : null}
      {children}
    </td>
  );
}

/**
 * A document's lines as saved: description, quantity, unit price, discount, account, tax code and amount (as typed:
 * exclusive or inclusive of tax, as the document says). Below 1024 px each line is a card.
 */
export function DocumentLinesTable({ document }: { document: DocumentDetails }) {
  const { money } = useMoney();
  // A price with more than cents is written as typed (0.375), not rounded by the money format.
  const price = (text: string) => {
    const plain = plainDecimal(text);
    return (plain.split(".")[1] ?? "").length > 2 ? plain : money(plain);
  };
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200">
      <table className="min-w-full divide-y divide-slate-200 max-lg:block">
        <caption className="sr-only">Lines, amounts {document.amounts_are === "inclusive" ? "inclusive" : "exclusive"} of tax</caption>
        <thead className="bg-slate-50 max-lg:hidden">
          <ColumnHeads labels={HEADS} numeric={["Quantity", "Unit price", "Discount", "Amount"]} />
        </thead>
        <tbody className="divide-y divide-slate-100 max-lg:block">
          {document.lines.map((l) => (
            <tr
              key={l.line_no}
              data-testid="document-line"
              className="max-lg:grid max-lg:grid-cols-3 max-lg:gap-x-3 max-lg:gap-y-2 max-lg:px-3 max-lg:py-3"
            >
              <Cell className="max-lg:col-span-3 max-lg:font-semibold lg:min-w-48">{l.description}</Cell>
              <Cell label="Quantity" className="tabular-nums lg:text-right">
                {plainDecimal(l.quantity)}
              </Cell>
              <Cell label="Unit price" className="whitespace-nowrap tabular-nums lg:text-right">
                {price(l.unit_price)}
              </Cell>
              <Cell label="Discount" className="tabular-nums lg:text-right">
                {plainDecimal(l.discount_percent) === "0" ? "—" : `${plainDecimal(l.discount_percent)}%`}
              </Cell>
              <Cell label="Account" className="max-lg:col-span-2">
                {l.account_label}
              </Cell>
              <Cell label="Tax code">{l.tax_code ?? "—"}</Cell>
              <Cell label="Amount" className="max-lg:col-span-3 whitespace-nowrap font-semibold tabular-nums lg:text-right">
                {money(l.amount)}
              </Cell>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
