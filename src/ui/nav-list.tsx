import { NavLink } from "react-router";
import { cn } from "./cn.ts";

export interface NavItem {
  to: string;
  label: string;
  /** Active only on this very path, not below it. */
  end?: boolean;
  /** A count of what waits there (unread), shown beside the label when above 0. */
  count?: number;
}

/**
 * A list of navigation links; the link of the page being shown gets `activeClass` (and aria-current), the others
 * `idleClass`, each besides `linkClass`.
 */
export function NavList({
  items,
  className,
  linkClass,
  activeClass = "bg-brand-50 text-brand-800",
  idleClass,
}: {
  items: NavItem[];
  className: string;
  linkClass: string;
  activeClass?: string;
  idleClass: string;
}) {
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item.to}>
          <NavLink
            to={item.to}
            end={item.end}
            aria-label={item.count ? `${item.label}, ${item.count} unread` : undefined}
            className={({ isActive }) => cn(linkClass, isActive ? activeClass : idleClass)}
          >
            {item.label}
            {item.count ? (
              <span aria-hidden="true" className="ml-2 rounded-full bg-red-700 px-1.5 py-0.5 text-xs font-bold text-white">
                {item.count}
              </span>
            ) : null}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
