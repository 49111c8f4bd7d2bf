import type { GeneralLedger } from "./general-ledger.ts";
import type { MonthEndPack } from "./month-end-packs.types.ts";

/** The answers of the reports' API as the routes write them and the screens read them (reports.api.ts). */

/** GET /reports/general_ledger */
export interface GeneralLedgerAnswer {
  ledger: GeneralLedger;
}

/** POST /packs (201) */
export interface PackPrepared {
  pack: MonthEndPack;
}
