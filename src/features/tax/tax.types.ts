/** What the tax feature's routes answer; the codes' own types are the ledger's (`~/features/ledger/index.ts`, decision 112). */
import type { TaxCode, TaxSettings } from "~/features/ledger/index.ts";

/** GET …/tax-codes */
export interface TaxCodesAnswer {
  tax_codes: TaxCode[];
}

/** A code created, read or changed. */
export interface TaxCodeAnswer {
  tax_code: TaxCode;
}

export interface TaxCodeDeleted {
  deleted: true;
}

/** GET and PUT …/tax-settings */
export interface TaxSettingsAnswer {
  settings: TaxSettings;
}

/** A ready-made set applied: the codes made, those skipped (a code of that name was there) and the accounts made. */
export interface TaxPresetApplied {
  created: string[];
  skipped: string[];
  accounts_created: string[];
}

/** A CSV of tax codes imported (all of it or nothing). */
export interface TaxCodesImported {
  created: string[];
}
