import { can, type Permission, type SiteRole } from "~/lib/permissions.ts";
import { NavList, type NavItem } from "~/ui/nav-list.tsx";

/** The firm workspace's sections, each shown to those who hold the permission its page asks for. */
export const FIRM_SECTIONS: (NavItem & { permission: Permission })[] = [
  { to: "/firm", label: "Overview", end: true, permission: "firm.workspace" },
  { to: "/firm/my-week", label: "My week", permission: "firm.work" },
  { to: "/firm/work", label: "Work", permission: "firm.work" },
  { to: "/firm/leads", label: "Leads", permission: "firm.leads" },
  { to: "/firm/clients", label: "Clients", permission: "firm.clients" },
  { to: "/firm/activity", label: "Client activity", permission: "firm.workspace" },
  { to: "/firm/messages", label: "Messages", permission: "firm.clients" },
  { to: "/firm/requests", label: "Requests", permission: "firm.clients" },
  { to: "/firm/proposals", label: "Proposals", permission: "firm.proposals" },
  { to: "/firm/site-content", label: "Site content", permission: "firm.content" },
  { to: "/firm/catalogue", label: "Catalogue", permission: "firm.catalogue" },
  { to: "/firm/team", label: "Team", permission: "firm.team.manage" },
  { to: "/firm/audit-log", label: "Audit log", permission: "firm.audit.read" },
];

/**
 * Navigation of the firm's workspace: tabs that wrap onto a second row on a phone (none off-screen), a column beside the
 * page on a desktop; Client activity with the reader's unread count.
 */
export function FirmNav({ role, activity = 0 }: { role: SiteRole; activity?: number }) {
  const sections = FIRM_SECTIONS.filter((s) => can({ role }, s.permission)).map((s) =>
    s.to === "/firm/activity" ? { ...s, count: activity } : s,
  );
  return (
    <nav aria-label="Firm workspace" className="border-b border-slate-200 pb-2 lg:border-0 lg:pb-0">
      <NavList
        items={sections}
        className="flex flex-wrap gap-1 lg:flex-col"
        linkClass="block whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
        idleClass="text-slate-700 hover:bg-slate-100"
      />
    </nav>
  );
}
