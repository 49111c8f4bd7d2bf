import { useId, useState } from "react";
import { Form, Link } from "react-router";
import { Button, buttonClass } from "~/ui/button.tsx";
import { InputField } from "~/ui/field.tsx";
import { ContactPicker, type PickedContact } from "./document-contact-picker.tsx";

/**
 * The search of a side's documents: a GET form, so that a filtered list is a URL the back button, a bookmark or a
 * colleague opens again. Words of the number, the reference or the contact's name; one contact. The state chosen
 * above it stays on while searching.
 */
export function DocumentsFilterForm({
  orgId,
  role,
  filters,
  errors,
  contact,
  label,
}: {
  orgId: number;
  role: "customer" | "supplier";
  filters: Record<string, string>;
  errors: Record<string, string>;
  /** The contact of the URL's `contact_id`, when there is one. */
  contact: PickedContact | null;
  label: string;
}) {
  const uid = useId();
  const [chosen, setChosen] = useState<PickedContact | null>(contact);
  return (
    <Form method="get" role="search" aria-label={label} className="rounded-lg border border-slate-200 bg-white p-4">
      {filters.status ? <input type="hidden" name="status" value={filters.status} /> : null}
      {chosen ? <input type="hidden" name="contact_id" value={chosen.id} /> : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <InputField
          id={`${uid}-q`}
          label="Search"
          name="q"
          type="search"
          defaultValue={filters.q ?? ""}
          maxLength={100}
          error={errors.q}
          hint="Number, reference or contact"
        />
        <ContactPicker
          id={`${uid}-contact`}
          label={role === "customer" ? "Customer" : "Supplier"}
          orgId={orgId}
          role={role}
          value={chosen}
          onChange={setChosen}
          error={errors.contact_id}
          hint={role === "customer" ? "Any customer when left empty" : "Any supplier when left empty"}
        />
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button type="submit" size="sm">
          Search
        </Button>
        <Link to={filters.status ? `?status=${encodeURIComponent(filters.status)}` : "."} className={buttonClass("ghost", "sm")}>
          Clear search
        </Link>
      </div>
    </Form>
  );
}
