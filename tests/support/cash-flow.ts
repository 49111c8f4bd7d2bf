import type { CashFlowAccount } from "~/features/reports/cash-flow.ts";

let id = 1;

/** An account's totals of a period as the cash-flow query answers them (a new id each; not cash unless said). */
export const cashFlowAccount = (
  code: string,
  name: string,
  type: CashFlowAccount["account_type"],
  detail: CashFlowAccount["detail_type"],
  d: string,
  c: string,
  extra: Partial<CashFlowAccount> = {},
): CashFlowAccount => ({
  account_id: id++,
  account_code: code,
  account_name: name,
  account_type: type,
  detail_type: detail,
  debit_total: d,
  credit_total: c,
  opening_debit_total: "0.00",
  opening_credit_total: "0.00",
  is_cash: false,
  ...extra,
});
