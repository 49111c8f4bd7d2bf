import { Link } from "react-router";
import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { buttonClass } from "~/ui/button.tsx";

/**
 * The signed-in user's menu: headed by their email, with Calculators, Accounting, Account and Sign out, and the
 * firm's workspace for staff and admins.
 */
export default function UserMenu({ email, firm, onSignOut }: { email: string; firm: boolean; onSignOut: () => void }) {
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className={buttonClass("secondary", "sm", "max-w-56")} title={email}>
        <span className="truncate">{email}</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 min-w-48 rounded-md border border-slate-200 bg-white p-1 shadow-lg"
        >
          <DropdownMenu.Item asChild>
            <Link to="/calculators" className="block rounded px-3 py-2 text-sm text-slate-800 outline-none data-[highlighted]:bg-slate-100">
              Calculators
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild>
            <Link to="/accounting" className="block rounded px-3 py-2 text-sm text-slate-800 outline-none data-[highlighted]:bg-slate-100">
              Accounting
            </Link>
          </DropdownMenu.Item>
          {firm ? (
            <DropdownMenu.Item asChild>
              <Link to="/firm" className="block rounded px-3 py-2 text-sm text-slate-800 outline-none data-[highlighted]:bg-slate-100">
                Firm workspace
              </Link>
            </DropdownMenu.Item>
          ) : null}
          <DropdownMenu.Item asChild>
            <Link to="/account" className="block rounded px-3 py-2 text-sm text-slate-800 outline-none data-[highlighted]:bg-slate-100">
              Account
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item
            onSelect={onSignOut}
            className="cursor-pointer rounded px-3 py-2 text-sm text-slate-800 outline-none data-[highlighted]:bg-slate-100"
          >
            Sign out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
