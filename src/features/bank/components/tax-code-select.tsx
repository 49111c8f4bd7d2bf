import type { ComponentProps } from "react";
import { InputField } from "~/ui/field.tsx";
import { useLoad } from "~/ui/use-load.ts";
import type { TaxCode } from "~/features/ledger/tax.types.ts";
import { listTaxCodes } from "~/features/tax/tax.api.ts";

/** The books' tax codes not archived, loaded once `orgId` is known (null: not wanted yet); [] while loading. */
export function useTaxCodes(orgId: number | null): TaxCode[] {
  const loaded = useLoad(orgId === null ? null : `tax-codes:${orgId}`, () => listTaxCodes(orgId ?? 0), "Tax codes not loaded");
  return (loaded?.tax_codes ?? []).filter((c) => !c.archived);
}

/** "V21 · Input VAT 21 %": what a tax code is called in a list. */
export const taxCodeText = (c: TaxCode) => `${c.code} · ${c.name}`;

/**
 * A tax code chosen for a bank amount, which is then the gross (the tax is taken out of it): "No tax" or one of the
 * codes. Spread react-hook-form's `register(name, { setValueAs: taxCodeValue })` on it, or pass `value` and `onChange`.
 */
export function TaxCodeSelect({
  codes,
  ...props
}: { codes: TaxCode[]; id: string; label?: string; error?: string; hint?: string; fieldClassName?: string } & Omit<
  ComponentProps<"select">,
  "id"
>) {
  return (
    <InputField as="select" label="Tax code" optional {...props}>
      <option value="">No tax</option>
      {codes.map((c) => (
        <option key={c.id} value={c.id}>
          {taxCodeText(c)}
        </option>
      ))}
    </InputField>
  );
}

/** The select's value as the API takes it: a code's id, or null for none. */
export const taxCodeValue = (v: string | number | null | undefined) => (v ? Number(v) : null);
