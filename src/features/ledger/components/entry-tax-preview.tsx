import type { UseFormSetValue } from "react-hook-form";
import { InputField } from "~/ui/field.tsx";
import { cn } from "~/ui/cn.ts";
import { Amount, cardRow, cardText, ColumnHeads, inputClass, tdClass } from "~/ui/table.tsx";
import { centsToDecimal } from "~/lib/money.ts";
import type { EntryFormValues } from "../entry-form.ts";
import { postedTotals, taxKey, type EntryTax, type TaxPreview } from "../entry-form-tax.ts";
import type { AccountDto } from "../ledger.types.ts";
import type { PostedLine } from "../line-tax.ts";
import type { TaxAmounts } from "../tax.types.ts";
import { useMoney } from "./books-context.tsx";

const abs = (n: bigint): bigint => (n < 0n ? -n : n);

/**
 * How the amounts of taxed lines are typed, and the entry as it will be posted (decision 112): each line with its
 * code, the taxed lines net of the tax taken out, one tax line per code and part, and the totals. A tax line's amount
 * may be typed over the computed one (a supplier's invoice says a cent more); it is sent when it differs.
 */
export function EntryTaxPreview({
  formId,
  tax,
  preview,
  values,
  accounts,
  setValue,
}: {
  formId: string;
  tax: EntryTax | null;
  preview: TaxPreview | null;
  values: EntryFormValues;
  accounts: AccountDto[];
  setValue: UseFormSetValue<EntryFormValues>;
}) {
  const { money } = useMoney();
  if (!tax || tax.codes.size === 0) return null;
  const names = new Map(accounts.map((a) => [a.id, `${a.account_code} ${a.account_name}`]));
  const totals = postedTotals(values.lines, preview);
  return (
    <section aria-labelledby={`${formId}-tax`} className="space-y-3 rounded-md border border-slate-200 p-3" data-testid="tax-preview">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h3 id={`${formId}-tax`} className="text-sm font-semibold text-ink">
          Tax
        </h3>
        <InputField
          as="select"
          id={`${formId}-tax-amounts`}
          label="Amounts are"
          fieldClassName="w-full sm:w-52"
          value={values.taxAmounts ?? tax.amounts}
          onChange={(e) => setValue("taxAmounts", e.target.value as TaxAmounts, { shouldDirty: true })}
        >
          <option value="exclusive">Tax exclusive</option>
          <option value="inclusive">Tax inclusive</option>
        </InputField>
      </div>
      {preview ? (
        <table className="min-w-full divide-y divide-slate-200 max-md:block">
          <caption className="sr-only">The entry as it will be posted, with its tax</caption>
          <thead className="max-md:hidden">
            <ColumnHeads labels={["Account", "Tax code", "Debit", "Credit"]} numeric={["Debit", "Credit"]} />
          </thead>
          <tbody className="divide-y divide-slate-100 max-md:block">
            {preview.lines.map((l, i) => (
              <tr key={i} data-testid={l.tax_part_no == null ? "preview-line" : "preview-tax-line"} className={cardRow}>
                <td className={`${tdClass} ${cardText} max-md:col-span-2`}>{names.get(l.account_id) ?? ""}</td>
                <td className={`${tdClass} ${cardText}`}>{l.tax_code_id == null ? "" : (tax.codes.get(l.tax_code_id)?.code ?? "")}</td>
                {l.tax_part_no == null ? (
                  <>
                    <Amount label="Debit">{l.amount > 0n ? money(l.amount) : ""}</Amount>
                    <Amount label="Credit">{l.amount < 0n ? money(-l.amount) : ""}</Amount>
                  </>
                ) : (
                  <TaxAmountCells
                    formId={formId}
                    line={l}
                    preview={preview}
                    values={values}
                    code={tax.codes.get(l.tax_code_id!)?.code ?? ""}
                    setValue={setValue}
                  />
                )}
              </tr>
            ))}
          </tbody>
          <tfoot className="font-semibold max-md:block">
            <tr className={cardRow}>
              <th scope="row" colSpan={2} className={`${tdClass} ${cardText} text-left`}>
                Total with tax
              </th>
              <Amount label="Debit">{money(totals.debit)}</Amount>
              <Amount label="Credit">{money(totals.credit)}</Amount>
            </tr>
          </tfoot>
        </table>
      ) : (
        <p className="text-sm text-muted">Choose a tax code on a line to see its tax here.</p>
      )}
    </section>
  );
}

/** A tax line's amount on its side, typed over the computed one; the other side empty. */
function TaxAmountCells(props: {
  formId: string;
  line: PostedLine;
  preview: TaxPreview;
  values: EntryFormValues;
  code: string;
  setValue: UseFormSetValue<EntryFormValues>;
}) {
  const { formId, line, preview, values, code, setValue } = props;
  const key = taxKey(line.tax_code_id!, line.tax_part_no!);
  const computed =
    preview.computed.find((c) => c.tax_code_id === line.tax_code_id && c.part_no === line.tax_part_no)?.amount ?? line.amount;
  const id = `${formId}-tax-${key}`;
  const error = preview.problems[key];
  const debit = line.amount > 0n;
  const input = (
    <td key="amount" className={`${tdClass} ${cardText}`}>
      <label htmlFor={id} className="block text-xs font-semibold uppercase tracking-wide text-muted md:sr-only">
        {`${code} tax ${debit ? "debit" : "credit"}`}
      </label>
      {/* eslint-disable-next-line no-restricted-syntax -- raw control: a computed amount the user may type over, its label naming the code */}
      <input
        id={id}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        placeholder={centsToDecimal(abs(computed))}
        value={values.taxOverrides?.[key] ?? centsToDecimal(abs(computed))}
        onChange={(e) => setValue(`taxOverrides.${key}`, e.target.value, { shouldDirty: true })}
        className={cn(inputClass, "min-w-24 text-right tabular-nums md:ml-auto md:max-w-40", error && "border-red-700")}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-xs font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </td>
  );
  const empty = <td key="empty" className={`${tdClass} ${cardText} max-md:hidden`} />;
  return [debit ? input : empty, debit ? empty : input];
}
