import { useMemo } from "react";
import { zodResolver } from "@hookform/resolvers/zod";
import { useLoad } from "~/ui/use-load.ts";
import { entryFormSchemaFor, type EntryTax } from "../entry-form-tax.ts";
import { getEntryTax } from "../entry-tax.api.ts";
import type { TaxCode } from "../tax.types.ts";
import { useBooksOrgId } from "./books-context.tsx";

/**
 * The organization's tax codes and settings while the entry dialog is open (read at each opening), and the entry
 * form's resolver that computes the lines' tax with them (decision 112). Until they are read, the form has no tax.
 */
export function useEntryTax(open: boolean) {
  const orgId = useBooksOrgId();
  const data = useLoad(open ? `${orgId}:entry-tax` : null, () => getEntryTax(orgId), "Error loading tax codes");
  return useMemo(() => {
    const tax: EntryTax | null = data
      ? { codes: new Map(data.codes.map((c) => [c.id, c])), amounts: data.settings.tax_amounts, rounding: data.settings.tax_rounding }
      : null;
    return { tax, codes: data?.codes ?? [], resolver: zodResolver(entryFormSchemaFor(tax)) };
  }, [data]);
}

/** The codes a line may take on `date`: valid then (the archived ones are not read), and the line's own code kept. */
export function codesOn(codes: TaxCode[], date: string, kept: (string | undefined)[]): TaxCode[] {
  return codes.filter(
    (c) => kept.includes(String(c.id)) || ((!c.valid_from || c.valid_from <= date) && (!c.valid_to || date <= c.valid_to)),
  );
}
