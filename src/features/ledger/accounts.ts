import { formatBalance } from "~/lib/format.ts";

/** What deleting an account would hide: its balance over all posted history and the lines that use it. */
export interface AccountUsageCounts {
  account: { account_code: string; account_name: string };
  /** Signed by the type's rule (debit minus credit for assets and expenses, credit minus debit otherwise), all posted history. */
  balance: string;
  posted_lines: number;
  draft_lines: number;
}

/** "Account 1000 Cash has a balance of $68,800.50 and 14 journal entry lines (2 of them in drafts)." */
export function accountUsageMessage(u: AccountUsageCounts, currency: string): string {
  const lines = u.posted_lines + u.draft_lines;
  const drafts = u.draft_lines > 0 ? ` (${u.draft_lines} of them in drafts)` : "";
  return `Account ${u.account.account_code} ${u.account.account_name} has a balance of ${formatBalance(u.balance, currency)} and ${lines} journal entry line${lines === 1 ? "" : "s"}${drafts}.`;
}
