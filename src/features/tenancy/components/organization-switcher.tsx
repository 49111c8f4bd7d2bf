import { useId } from "react";
import { useNavigate } from "react-router";
import { InputField } from "~/ui/field.tsx";
import type { OrganizationSummary } from "../tenancy.types.ts";

/** Opens another organization's books on their home (decision 114); shown only to a user who belongs to more than one. */
export function OrganizationSwitcher({ current, organizations }: { current: number; organizations: OrganizationSummary[] }) {
  const id = useId();
  const navigate = useNavigate();
  if (organizations.length < 2) return null;
  return (
    <InputField
      as="select"
      id={id}
      label="Organization"
      fieldClassName="w-full sm:w-80"
      value={current}
      onChange={(e) => void navigate(`/accounting/${e.target.value}/home`)}
    >
      {organizations.map((o) => (
        <option key={o.id} value={o.id}>
          {o.name} ({o.role})
        </option>
      ))}
    </InputField>
  );
}
