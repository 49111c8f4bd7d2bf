import { useCallback, useState } from "react";
import * as Tabs from "@radix-ui/react-tabs";
import { request } from "~/lib/api-client.ts";
import { toastFailure } from "~/ui/toast-failure.ts";
import type { AccountDto, OrganizationRole, OrganizationSummary } from "../accounting.types.ts";
import { BooksProvider, booksApiPath } from "./books-context.tsx";
import { ChartOfAccountsTab } from "./chart-of-accounts-tab.tsx";
import { JournalEntriesTab } from "./journal-entries-tab.tsx";
import { MembersTab } from "./members-tab.tsx";
import { OrganizationSwitcher } from "./organization-switcher.tsx";
import { ReportsTab } from "./reports-tab.tsx";

const tabClass =
  "rounded-t-md border-b-2 border-transparent px-1 py-2 text-center text-sm sm:px-4 font-semibold text-muted hover:text-ink data-[state=active]:border-brand-700 data-[state=active]:text-brand-800";

export interface AccountingPageProps {
  organization: { id: number; name: string };
  role: OrganizationRole;
  /** Every organization of the user, for the switcher. */
  organizations: OrganizationSummary[];
  initialAccounts: AccountDto[];
  userId: string;
}

/** The books of the organization in the URL: chart, entries, reports and its members. */
export function AccountingPage({ organization, role, organizations, initialAccounts, userId }: AccountingPageProps) {
  const [accounts, setAccounts] = useState(initialAccounts);
  const canWrite = role !== "viewer";
  const reload = useCallback(async () => {
    const res = await request<{ accounts: AccountDto[] }>(`${booksApiPath(organization.id)}/accounts`);
    if (res.ok) setAccounts(res.data.accounts);
    else toastFailure(res, { title: "Error" });
  }, [organization.id]);

  return (
    <BooksProvider value={organization.id}>
      <section className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
        <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
          <div>
            <h1 className="text-3xl font-bold text-ink">Accounting</h1>
            <p className="mt-1 text-muted">
              Books of <span className="font-semibold text-ink">{organization.name}</span> · your role: {role}
              {canWrite ? "" : " (read only)"}
            </p>
          </div>
          <div className="flex flex-wrap items-end gap-4">
            <a className="text-sm font-semibold text-brand-700 underline" href={`/accounting/${organization.id}/import`}>
              Import and export
            </a>
            <OrganizationSwitcher current={organization.id} organizations={organizations} />
          </div>
        </div>
        <Tabs.Root defaultValue="accounts">
          <Tabs.List aria-label="Accounting sections" className="mb-6 grid grid-cols-4 gap-1 border-b border-slate-200 sm:flex">
            <Tabs.Trigger value="accounts" className={tabClass}>
              Chart of Accounts
            </Tabs.Trigger>
            <Tabs.Trigger value="entries" className={tabClass}>
              Journal Entries
            </Tabs.Trigger>
            <Tabs.Trigger value="reports" className={tabClass}>
              Reports
            </Tabs.Trigger>
            <Tabs.Trigger value="members" className={tabClass}>
              Members
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
          <Tabs.Content value="members">
            <MembersTab isOwner={role === "owner"} userId={userId} />
          </Tabs.Content>
        </Tabs.Root>
      </section>
    </BooksProvider>
  );
}
