import { buttonClass } from "~/ui/button.tsx";
import { Menu, type MenuItem } from "~/ui/menu.tsx";

/**
 * The signed-in user's menu: headed by their email, with Calculators, Accounting, Account and Sign out, and the
 * firm's workspace for staff and admins.
 */
export default function UserMenu({ email, firm, onSignOut }: { email: string; firm: boolean; onSignOut: () => void }) {
  const items: MenuItem[] = [
    { kind: "link", to: "/calculators", label: "Calculators" },
    { kind: "link", to: "/accounting", label: "Accounting" },
    ...(firm ? [{ kind: "link", to: "/firm", label: "Firm workspace" } as const] : []),
    { kind: "link", to: "/account", label: "Account" },
    { kind: "separator" },
    { kind: "action", label: "Sign out", onSelect: onSignOut },
  ];
  return <Menu label={email} title={email} triggerClassName={buttonClass("secondary", "sm", "max-w-56")} items={items} />;
}
