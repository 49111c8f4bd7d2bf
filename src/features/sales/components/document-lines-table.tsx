import { CardCell, CardTable } from "~/ui/card-table.tsx";
import { useMoney } from "~/features/ledger/index.ts";
import type { DocumentDetails } from "../sales.types.ts";
import { plainDecimal } from "./document-form-values.ts";

const HEADS = ["Description", "Quantity", "Unit price", "Discount", "Account", "Tax code", "Amount"];

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
    <CardTable
      caption={`Lines, amounts ${document.amounts_are === "inclusive" ? "inclusive" : "exclusive"} of tax`}
      heads={HEADS}
      numeric={["Quantity", "Unit price", "Discount", "Amount"]}
      cards="lg"
    >
      {document.lines.map((l) => (
        <tr
          key={l.line_no}
          data-testid="document-line"
          className="max-lg:grid max-lg:grid-cols-3 max-lg:gap-x-3 max-lg:gap-y-2 max-lg:px-3 max-lg:py-3"
        >
          <CardCell cards="lg" className="max-lg:col-span-3 max-lg:font-semibold lg:min-w-48">
            {l.description}
          </CardCell>
          <CardCell cards="lg" label="Quantity" className="tabular-nums lg:text-right">
            {plainDecimal(l.quantity)}
          </CardCell>
          <CardCell cards="lg" label="Unit price" className="whitespace-nowrap tabular-nums lg:text-right">
            {price(l.unit_price)}
          </CardCell>
          <CardCell cards="lg" label="Discount" className="tabular-nums lg:text-right">
            {plainDecimal(l.discount_percent) === "0" ? "—" : `${plainDecimal(l.discount_percent)}%`}
          </CardCell>
          <CardCell cards="lg" label="Account" className="max-lg:col-span-2">
            {l.account_label}
          </CardCell>
          <CardCell cards="lg" label="Tax code">
            {l.tax_code ?? "—"}
          </CardCell>
          <CardCell cards="lg" label="Amount" className="max-lg:col-span-3 whitespace-nowrap font-semibold tabular-nums lg:text-right">
            {money(l.amount)}
          </CardCell>
        </tr>
      ))}
    </CardTable>
  );
}
