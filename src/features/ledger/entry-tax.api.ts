import { request, type ApiResult } from "~/lib/api-client.ts";
import type { TaxCode, TaxSettings } from "./tax.types.ts";

/**
 * What the entry form reads of the tax feature's API (decision 112): the organization's codes and its tax settings.
 * Called from the ledger itself, since the tax feature comes after the ledger and builds on it.
 */
const books = (orgId: number) => `/api/accounting/orgs/${encodeURIComponent(orgId)}`;

export interface EntryTaxAnswer {
  codes: TaxCode[];
  settings: TaxSettings;
}

/** The codes (archived left out) and the settings, in one answer. */
export async function getEntryTax(orgId: number): Promise<ApiResult<EntryTaxAnswer>> {
  const [codes, settings] = await Promise.all([
    request<{ tax_codes: TaxCode[] }>(`${books(orgId)}/tax-codes`),
    request<{ settings: TaxSettings }>(`${books(orgId)}/tax-settings`),
  ]);
  if (!codes.ok) return codes;
  if (!settings.ok) return settings;
  return { ok: true, status: 200, data: { codes: codes.data.tax_codes, settings: settings.data.settings } };
}
