import { ACCOUNT_TYPES } from "~/features/ledger/index.ts";
import type { AccountResolution } from "../import.schema.ts";
import type { MissingAccount } from "../import.types.ts";
import type { AccountDto } from "~/features/ledger/ledger.types.ts";
import { InputField } from "~/ui/field.tsx";

/** The accounts a journal or opening balances file names and the chart lacks: each created with a type, or mapped to one of ours. */
export function ImportMissingAccounts({
  missing,
  accounts,
  resolutions,
  onResolve,
}: {
  missing: MissingAccount[];
  accounts: AccountDto[];
  resolutions: Record<string, AccountResolution>;
  onResolve: (value: string, r: AccountResolution) => void;
}) {
  return (
    <section aria-labelledby="import-missing">
      <h3 id="import-missing" className="text-sm font-semibold text-ink">
        Accounts not in the chart ({missing.length})
      </h3>
      <ul className="mt-2 space-y-2">
        {missing.map((a) => {
          const r = resolutions[a.value] ?? { create: a.suggested_type };
          const value = "map" in r ? `map:${r.map}` : `create:${r.create}`;
          return (
            <li key={a.value}>
              <InputField
                as="select"
                id={`missing-${a.value}`}
                label={`${a.value === a.name ? a.value : `${a.value} (${a.name})`} · ${a.lines} lines`}
                fieldClassName="max-w-xs"
                value={value}
                onChange={(e) => {
                  const [how, what] = e.target.value.split(/:(.*)/s) as [string, string];
                  onResolve(a.value, how === "map" ? { map: what } : { create: what as (typeof ACCOUNT_TYPES)[number] });
                }}
              >
                {ACCOUNT_TYPES.map((t) => (
                  <option key={t} value={`create:${t}`}>
                    Create as {t}
                  </option>
                ))}
                {accounts.map((acc) => (
                  <option key={acc.id} value={`map:${acc.account_code}`}>
                    Use {acc.account_code} {acc.account_name}
                  </option>
                ))}
              </InputField>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
