/** The five account types and their sign rule. */
export const ACCOUNT_TYPES = ["Asset", "Liability", "Equity", "Revenue", "Expense"] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

/** Balance sign rule: debit - credit for assets and expenses, credit - debit otherwise. */
export function balanceCents(type: AccountType, debit: bigint, credit: bigint): bigint {
  return type === "Asset" || type === "Expense" ? debit - credit : credit - debit;
}

/**
 * What an account is within its type: where it stands on the laid-out Profit & Loss and Balance Sheet (current or
 * non-current, operating or other). Each is valid for one account type only; the database checks the pair
 * (migration 0031).
 */
export const ACCOUNT_DETAIL_TYPES = [
  "current_asset",
  "fixed_asset",
  "other_asset",
  "current_liability",
  "long_term_liability",
  "equity",
  "operating_revenue",
  "other_income",
  "cost_of_sales",
  "operating_expense",
  "other_expense",
] as const;
export type AccountDetailType = (typeof ACCOUNT_DETAIL_TYPES)[number];

export const DETAIL_TYPE_LABELS: Record<AccountDetailType, string> = {
  current_asset: "Current asset",
  fixed_asset: "Fixed asset",
  other_asset: "Other asset",
  current_liability: "Current liability",
  long_term_liability: "Long-term liability",
  equity: "Equity",
  operating_revenue: "Operating revenue",
  other_income: "Other income",
  cost_of_sales: "Cost of sales",
  operating_expense: "Operating expense",
  other_expense: "Other expense",
};

/** The detail types of each account type, the first being the default. */
export const DETAIL_TYPES_BY_ACCOUNT_TYPE: Record<AccountType, readonly AccountDetailType[]> = {
  Asset: ["current_asset", "fixed_asset", "other_asset"],
  Liability: ["current_liability", "long_term_liability"],
  Equity: ["equity"],
  Revenue: ["operating_revenue", "other_income"],
  Expense: ["operating_expense", "cost_of_sales", "other_expense"],
};

export const detailTypeFits = (type: AccountType, detail: AccountDetailType): boolean =>
  DETAIL_TYPES_BY_ACCOUNT_TYPE[type].includes(detail);

/** The account type a detail type belongs to. */
export function accountTypeOfDetail(detail: AccountDetailType): AccountType {
  for (const [type, details] of Object.entries(DETAIL_TYPES_BY_ACCOUNT_TYPE)) if (details.includes(detail)) return type as AccountType;
  throw new Error(`unknown detail type ${detail}`);
}

/**
 * The detail type an account gets when none is given, from its type and name (the same rule as the database's
 * `account_default_detail_type`, migration 0031): equipment and the like are fixed assets, loans long-term
 * liabilities, cost of goods cost of sales, interest and gains other income or expense.
 */
export function defaultDetailType(type: AccountType, name = ""): AccountDetailType {
  const n = name.toLowerCase();
  switch (type) {
    case "Asset":
      if (/equipment|furniture|vehicle|building|machinery|property|land|computer|depreciation|fixture/.test(n)) return "fixed_asset";
      if (/deposit|intangible|goodwill|long-term|long term|investment/.test(n)) return "other_asset";
      return "current_asset";
    case "Liability":
      return /loan|mortgage|long-term|long term|notes payable|note payable/.test(n) ? "long_term_liability" : "current_liability";
    case "Equity":
      return "equity";
    case "Revenue":
      return /interest|other income|gain|dividend/.test(n) ? "other_income" : "operating_revenue";
    case "Expense":
      if (/cost of|cogs|purchases|direct cost/.test(n)) return "cost_of_sales";
      if (/interest|loss on|income tax/.test(n)) return "other_expense";
      return "operating_expense";
  }
}

/** A detail type named in a file or typed: "fixed_asset", "Fixed asset", "fixed-asset" and "FIXED ASSET" alike. */
export function parseDetailType(text: string): AccountDetailType | null {
  const key = text
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");
  if ((ACCOUNT_DETAIL_TYPES as readonly string[]).includes(key)) return key as AccountDetailType;
  if (key === "long_term_liabilities" || key === "longterm_liability") return "long_term_liability";
  return null;
}
