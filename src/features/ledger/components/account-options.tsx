import type { AccountDto } from "../ledger.types.ts";

/** The options of a select of accounts: each account by its code and name, its id the value. */
export function AccountOptions({ accounts }: { accounts: Pick<AccountDto, "id" | "account_code" | "account_name">[] }) {
  return accounts.map((a) => (
    <option key={a.id} value={a.id}>
      {a.account_code} {a.account_name}
    </option>
  ));
}
