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
 * codes, each option "code · name". A code's name is longer than the select is wide in a dialog's row, so the chosen
 * code's name is written in full under it (`chosen`: the select's value), before the caller's `hint`. Spread
 * react-hook-form's `register(name, { setValueAs: taxCodeValue })` on it, or pass `value` and `onChange`.
 */
export function TaxCodeSelect({
  codes,
  chosen,
  hint,
  ...props
}: {
  codes: TaxCode[];
  /** The code chosen (its id, as a number or the select's text), or none. */
  chosen: number | string | null | undefined;
  id: string;
  label?: string;
  error?: string;
  hint?: string;
  fieldClassName?: string;
} & Omit<ComponentProps<"select">, "id">) {
  const code = codes.find((c) => c.id === taxCodeValue(chosen));
  const said = [code?.name, hint].filter(Boolean).join(". ");
  return (
    <InputField as="select" label="Tax code" optional hint={said || undefined} {...props}>
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
