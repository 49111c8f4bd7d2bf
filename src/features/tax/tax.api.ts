import { request, type ApiResult } from "~/lib/api-client.ts";
import type { TaxCodeInput, TaxSettingsInput } from "./tax-codes.schema.ts";
import type { TaxPresetId } from "./tax-presets-data.ts";
import type { TaxCodeAnswer, TaxCodeDeleted, TaxCodesAnswer, TaxCodesImported, TaxPresetApplied, TaxSettingsAnswer } from "./tax.types.ts";

/** Tax codes and the tax settings (/api/accounting/orgs/:orgId, decision 112) as the browser calls them. */

const id = (n: number) => encodeURIComponent(n);
const books = (orgId: number) => `/api/accounting/orgs/${id(orgId)}`;

export function listTaxCodes(orgId: number, includeArchived = false): Promise<ApiResult<TaxCodesAnswer>> {
  return request<TaxCodesAnswer>(`${books(orgId)}/tax-codes${includeArchived ? "?include_archived=true" : ""}`);
}

export function createTaxCode(orgId: number, input: TaxCodeInput): Promise<ApiResult<TaxCodeAnswer>> {
  return request<TaxCodeAnswer>(`${books(orgId)}/tax-codes`, { json: input });
}

export function updateTaxCode(orgId: number, codeId: number, input: TaxCodeInput): Promise<ApiResult<TaxCodeAnswer>> {
  return request<TaxCodeAnswer>(`${books(orgId)}/tax-codes/${id(codeId)}`, { method: "PUT", json: input });
}

export function archiveTaxCode(orgId: number, codeId: number, archived: boolean): Promise<ApiResult<TaxCodeAnswer>> {
  return request<TaxCodeAnswer>(`${books(orgId)}/tax-codes/${id(codeId)}/archive`, { json: { archived } });
}

export function deleteTaxCode(orgId: number, codeId: number): Promise<ApiResult<TaxCodeDeleted>> {
  return request<TaxCodeDeleted>(`${books(orgId)}/tax-codes/${id(codeId)}`, { method: "DELETE" });
}

/** Makes a ready-made set's codes (and the accounts they need) that are not yet in the books. */
export function applyTaxPreset(orgId: number, preset: TaxPresetId): Promise<ApiResult<TaxPresetApplied>> {
  return request<TaxPresetApplied>(`${books(orgId)}/tax-codes/presets/${encodeURIComponent(preset)}`, { method: "POST" });
}

/** Imports a CSV of tax codes: all of them or none. */
export function importTaxCodes(orgId: number, file: File): Promise<ApiResult<TaxCodesImported>> {
  return request<TaxCodesImported>(`${books(orgId)}/tax-codes/import`, { file: new Blob([file], { type: "text/csv" }) });
}

/** The tax codes as CSV (a link's href). */
export function taxCodesCsvUrl(orgId: number): string {
  return `${books(orgId)}/tax-codes.csv`;
}

export function saveTaxSettings(orgId: number, input: TaxSettingsInput): Promise<ApiResult<TaxSettingsAnswer>> {
  return request<TaxSettingsAnswer>(`${books(orgId)}/tax-settings`, { method: "PUT", json: input });
}
