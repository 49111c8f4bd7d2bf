import { NavLink } from "react-router";
import { cn } from "./cn.ts";

export interface NavItem {
  to: string;
  label: string;
  /** Active only on this very path, not below it. */
  end?: boolean;
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
          <NavLink to={item.to} end={item.end} className={({ isActive }) => cn(linkClass, isActive ? activeClass : idleClass)}>
            {item.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
