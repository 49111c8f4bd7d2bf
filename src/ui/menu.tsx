import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { Fragment } from "react";
import { Link } from "react-router";

/** One item of a Menu: a link to a page of the site, an action, or a line between groups. */
export type MenuItem =
  { kind: "link"; to: string; label: string } | { kind: "action"; label: string; onSelect: () => void } | { kind: "separator" };

const itemClass = "block cursor-pointer rounded px-3 py-2 text-sm text-slate-800 outline-none data-[highlighted]:bg-slate-100";

/**
 * The one drop-down menu: a button that opens a list of links and actions (Radix: arrow keys, Escape, focus back
 * to the button, the menu and menuitem roles).
 */
export function Menu({
  label,
  title,
  triggerClassName,
  items,
}: {
  label: string;
  title?: string;
  triggerClassName: string;
  items: MenuItem[];
}) {
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className={triggerClassName} title={title}>
        <span className="truncate">{label}</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 min-w-48 rounded-md border border-slate-200 bg-white p-1 shadow-lg"
        >
          {items.map((item, i) => (
            <Fragment key={item.kind === "separator" ? `separator-${i}` : item.label}>
              {item.kind === "separator" ? (
                <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
              ) : item.kind === "link" ? (
                <DropdownMenu.Item asChild>
                  <Link to={item.to} className={itemClass}>
                    {item.label}
                  </Link>
                </DropdownMenu.Item>
              ) : (
                <DropdownMenu.Item onSelect={item.onSelect} className={itemClass}>
                  {item.label}
                </DropdownMenu.Item>
              )}
            </Fragment>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
