import { Amount, cardRow, cardText, ColumnHeads, tdClass } from "~/ui/table.tsx";
import { partLabel } from "../tax-return-print.ts";
import type { TaxReturnCode, TaxReturnPart } from "../tax-return.types.ts";
import { Figure } from "./tax-return-parts.tsx";

/**
 * The return "By tax code", as its PDF and CSV have it: each code's taxable base, then each tax it makes (for a US code,
 * each jurisdiction: state, county, districts) with the base it was computed on and the tax. A non-zero figure opens
 * the lines behind it. Below md each code and each part is a card of its named figures, as the boxes are.
 */
export function CodesTable({ codes, onOpen }: { codes: TaxReturnCode[]; onOpen: (c: TaxReturnCode, p: TaxReturnPart | null) => void }) {
  return (
    <section aria-label="By tax code" className="rounded-lg border border-slate-200 md:overflow-x-auto">
      <table className="min-w-full divide-y divide-slate-200 max-md:block" data-testid="tax-return-codes">
        <caption className="px-3 py-2 text-left text-base font-semibold text-ink max-md:block">
          By tax code
          <span className="block text-sm font-normal text-muted">
            Each code&apos;s taxable base, then each tax it makes (for a US code, each jurisdiction) with the base it was computed on.
          </span>
        </caption>
        <thead className="max-md:hidden">
          <ColumnHeads labels={["Code", "Description", "Base", "Tax"]} numeric={["Base", "Tax"]} />
        </thead>
        {codes.map((c) => (
          <tbody key={c.tax_code_id} className="divide-y divide-slate-100 max-md:block">
            <tr className={cardRow} data-testid="tax-return-code">
              <td className={`${tdClass} ${cardText} font-semibold`}>{c.code}</td>
              <td className={`${tdClass} ${cardText} max-md:col-span-2`}>{c.name}</td>
              <Amount label="Base">
                <Figure value={c.base} what={`base of tax code ${c.code}`} onOpen={() => onOpen(c, null)} />
              </Amount>
              <Amount label="Tax">{null}</Amount>
            </tr>
            {c.parts.map((p) => {
              const what = `of ${partLabel(p)}, tax code ${c.code}`;
              return (
                <tr key={p.part_no} className={`${cardRow} max-md:pl-6`} data-testid="tax-return-part">
                  <td className={`${tdClass} ${cardText} max-md:hidden`} />
                  <td className={`${tdClass} ${cardText} max-md:col-span-3 md:pl-8`}>{partLabel(p)}</td>
                  <Amount label="Base">
                    <Figure value={p.base} what={`base ${what}`} onOpen={() => onOpen(c, p)} />
                  </Amount>
                  <Amount label="Tax">
                    <Figure value={p.tax} what={`tax ${what}`} onOpen={() => onOpen(c, p)} />
                  </Amount>
                </tr>
              );
            })}
          </tbody>
        ))}
      </table>
    </section>
  );
}
