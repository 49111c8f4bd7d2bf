import { useId } from "react";
import { useNavigate } from "react-router";
import type { OrganizationSummary } from "../tenancy.types.ts";

/** Opens another organization's books; shown only to a user who belongs to more than one. */
export function OrganizationSwitcher({ current, organizations }: { current: number; organizations: OrganizationSummary[] }) {
  const id = useId();
  const navigate = useNavigate();
  if (organizations.length < 2) return null;
  return (
    <div className="w-full sm:w-80">
      <label htmlFor={id} className="block text-sm font-medium text-ink">
        Organization
      </label>
      <select
        id={id}
        value={current}
        onChange={(e) => void navigate(`/accounting/${e.target.value}`)}
        className="mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-ink shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600"
      >
        {organizations.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name} ({o.role})
          </option>
        ))}
      </select>
    </div>
  );
}
