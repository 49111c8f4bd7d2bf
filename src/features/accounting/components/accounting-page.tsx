import { useCallback, useState } from "react";
import * as Tabs from "@radix-ui/react-tabs";
import { toast } from "sonner";
import { api, type AccountDto, type Role } from "./accounting-api.ts";
import { ChartOfAccountsTab } from "./chart-of-accounts-tab.tsx";
import { JournalEntriesTab } from "./journal-entries-tab.tsx";
import { ReportsTab } from "./reports-tab.tsx";

const tabClass =
  "rounded-t-md border-b-2 border-transparent px-4 py-2 text-sm font-semibold text-muted hover:text-ink data-[state=active]:border-brand-700 data-[state=active]:text-brand-800";

export function AccountingPage({ organizationName, role, initialAccounts }: { organizationName: string; role: Role; initialAccounts: AccountDto[] }) {
  const [accounts, setAccounts] = useState(initialAccounts);
  const canWrite = role !== "viewer";
  const reload = useCallback(async () => {
    try {
      setAccounts((await api<{ accounts: AccountDto[] }>("/accounts")).accounts);
    } catch (err) {
      toast.error("Error", { description: (err as Error).message });
    }
  }, []);

  return (
    <section className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <div className="mb-6">
        <h1 className="text-3xl font-bold text-ink">Accounting</h1>
        <p className="mt-1 text-muted">
          Books of {organizationName} · your role: {role}
          {canWrite ? "" : " (read only)"}
        </p>
      </div>
      <Tabs.Root defaultValue="accounts">
        <Tabs.List aria-label="Accounting sections" className="mb-6 flex gap-1 border-b border-slate-200">
          <Tabs.Trigger value="accounts" className={tabClass}>
            Chart of Accounts
          </Tabs.Trigger>
          <Tabs.Trigger value="entries" className={tabClass}>
            Journal Entries
          </Tabs.Trigger>
          <Tabs.Trigger value="reports" className={tabClass}>
            Reports
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="accounts">
          <ChartOfAccountsTab accounts={accounts} canWrite={canWrite} reload={reload} />
        </Tabs.Content>
        <Tabs.Content value="entries">
          <JournalEntriesTab accounts={accounts} canWrite={canWrite} />
        </Tabs.Content>
        <Tabs.Content value="reports">
          <ReportsTab />
        </Tabs.Content>
      </Tabs.Root>
    </section>
  );
}
