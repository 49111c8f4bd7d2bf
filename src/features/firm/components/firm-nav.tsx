import { NavList, type NavItem } from "~/ui/nav-list.tsx";

type SiteRole = "client" | "staff" | "admin";

/** The firm workspace's sections; Team and Audit log are for admins only. */
export const FIRM_SECTIONS: (NavItem & { adminOnly?: boolean })[] = [
  { to: "/firm", label: "Overview", end: true },
  { to: "/firm/leads", label: "Leads" },
  { to: "/firm/clients", label: "Clients" },
  { to: "/firm/site-content", label: "Site content" },
  { to: "/firm/team", label: "Team", adminOnly: true },
  { to: "/firm/audit-log", label: "Audit log", adminOnly: true },
];

/** Navigation of the firm's workspace: tabs that wrap onto a second row on a phone (none off-screen), a column beside the page on a desktop. */
export function FirmNav({ role }: { role: SiteRole }) {
  const sections = FIRM_SECTIONS.filter((s) => !s.adminOnly || role === "admin");
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
