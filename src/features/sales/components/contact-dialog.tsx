import { useId } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { setServerErrors } from "~/lib/form.ts";
import { Button } from "~/ui/button.tsx";
import { CheckboxField, FieldError, InputField } from "~/ui/field.tsx";
import { Modal } from "~/ui/modal.tsx";
import { useAction } from "~/ui/use-action.ts";
import { AccountOptions, useBooks } from "~/features/ledger/index.ts";
import { createContact, updateContact } from "../contacts.api.ts";
import { contactSchema, type ContactFormValues, type ContactInput } from "../sales.schema.ts";
import type { Contact } from "../sales.types.ts";

const EMPTY: ContactFormValues = {
  name: "",
  is_customer: true,
  is_supplier: false,
  is_1099_contractor: false,
  tax_id: "",
  email: "",
  address: "",
  payment_terms_days: 30,
  default_revenue_account_id: null,
  default_expense_account_id: null,
  default_tax_code_id: null,
};

const valuesOf = (c: Contact): ContactFormValues => ({
  name: c.name,
  is_customer: c.is_customer,
  is_supplier: c.is_supplier,
  is_1099_contractor: c.is_1099_contractor,
  tax_id: c.tax_id ?? "",
  email: c.email ?? "",
  address: c.address ?? "",
  payment_terms_days: c.payment_terms_days,
  default_revenue_account_id: c.default_revenue_account_id,
  default_expense_account_id: c.default_expense_account_id,
  default_tax_code_id: c.default_tax_code_id,
});

/** A tax code a contact's documents may default to (the loader's list of the books' codes). */
export interface TaxCodeChoice {
  id: number;
  code: string;
  name: string;
  archived: boolean;
}

/** A select's value as the API takes an optional id: the id, or null for none. */
const optionalId = (v: string | number | null | undefined) => (v ? Number(v) : null);

/**
 * The one contact form, in the one modal: a new contact, or `contact` changed. Its name, whether it is a customer, a
 * supplier or both, tax id, email, address, payment terms, and the defaults its documents start from (revenue and
 * expense accounts, tax code). The server's refusals are shown under their fields.
 */
export function ContactDialog({
  open,
  onOpenChange,
  contact,
  taxCodes,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The contact changed; a new one when left out. */
  contact?: Contact | null;
  taxCodes: TaxCodeChoice[];
  onSaved?: (contact: Contact) => void;
}) {
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={contact ? `Edit ${contact.name}` : "New contact"}
      description={
        contact
          ? "Changes apply to documents written from now on; approved documents keep what they say."
          : "A customer you invoice, a supplier whose bills you pay, or both."
      }
      wide
      dismissOnOutsideClick={false}
    >
      {open ? (
        <ContactForm
          key={contact?.id ?? "new"}
          contact={contact ?? null}
          taxCodes={taxCodes}
          onDone={(saved) => {
            onOpenChange(false);
            onSaved?.(saved);
          }}
          onCancel={() => onOpenChange(false)}
        />
      ) : null}
    </Modal>
  );
}

function ContactForm({
  contact,
  taxCodes,
  onDone,
  onCancel,
}: {
  contact: Contact | null;
  taxCodes: TaxCodeChoice[];
  onDone: (c: Contact) => void;
  onCancel: () => void;
}) {
  const { organization, accounts } = useBooks();
  const orgId = organization.id;
  const uid = useId();
  const id = (name: string) => `${uid}-${name}`;
  const { act, pending } = useAction();
  const codes = taxCodes.filter((c) => !c.archived || c.id === contact?.default_tax_code_id);
  const { register, handleSubmit, setError, formState } = useForm<ContactFormValues, unknown, ContactInput>({
    resolver: zodResolver(contactSchema),
    defaultValues: contact ? valuesOf(contact) : EMPTY,
  });
  const err = formState.errors;
  const save = handleSubmit(async (values) => {
    const res = await act(() => (contact ? updateContact(orgId, contact.id, values) : createContact(orgId, values)), {
      failure: "Contact not saved",
      success: (d) => `${d.contact.name} saved`,
    });
    if (res.ok) onDone(res.data.contact);
    else setServerErrors(setError, res.fields);
  });
  const revenue = accounts.filter((a) => a.account_type === "Revenue");
  const expense = accounts.filter((a) => a.account_type === "Expense");
  return (
    <form noValidate onSubmit={(e) => void save(e)} className="space-y-4" aria-label={contact ? `Edit ${contact.name}` : "New contact"}>
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField
          id={id("name")}
          label="Name"
          autoComplete="organization"
          error={err.name?.message}
          fieldClassName="sm:col-span-2"
          {...register("name")}
        />
        <fieldset className="sm:col-span-2" aria-describedby={err.is_customer ? id("role-error") : undefined}>
          <legend className="text-sm font-medium text-ink">This contact is</legend>
          <div className="mt-2 flex flex-wrap gap-6">
            <CheckboxField id={id("customer")} label="A customer (you invoice them)" {...register("is_customer")} />
            <CheckboxField id={id("supplier")} label="A supplier (you pay their bills)" {...register("is_supplier")} />
            <CheckboxField id={id("contractor")} label="A 1099 contractor (payments listed at year end)" {...register("is_1099_contractor")} />
          </div>
          <FieldError id={id("role-error")} message={err.is_customer?.message} />
        </fieldset>
        <InputField
          id={id("email")}
          label="Email"
          type="email"
          autoComplete="email"
          optional
          error={err.email?.message}
          {...register("email")}
        />
        <InputField
          id={id("tax-id")}
          label="Tax id"
          optional
          hint="VAT or company number, as it is printed on documents"
          error={err.tax_id?.message}
          {...register("tax_id")}
        />
        <InputField
          as="textarea"
          id={id("address")}
          label="Address"
          rows={3}
          optional
          error={err.address?.message}
          {...register("address")}
        />
        <InputField
          id={id("terms")}
          label="Payment terms (days)"
          type="number"
          inputMode="numeric"
          min={0}
          max={365}
          hint="Days from a document's date to its due date; 0 is due on receipt"
          error={err.payment_terms_days?.message}
          {...register("payment_terms_days", { setValueAs: (v: string | number) => (v === "" ? Number.NaN : Number(v)) })}
        />
        <InputField
          as="select"
          id={id("revenue")}
          label="Default revenue account"
          optional
          error={err.default_revenue_account_id?.message}
          {...register("default_revenue_account_id", { setValueAs: optionalId })}
        >
          <option value="">None</option>
          <AccountOptions accounts={revenue} />
        </InputField>
        <InputField
          as="select"
          id={id("expense")}
          label="Default expense account"
          optional
          error={err.default_expense_account_id?.message}
          {...register("default_expense_account_id", { setValueAs: optionalId })}
        >
          <option value="">None</option>
          <AccountOptions accounts={expense} />
        </InputField>
        <InputField
          as="select"
          id={id("tax-code")}
          label="Default tax code"
          optional
          error={err.default_tax_code_id?.message}
          {...register("default_tax_code_id", { setValueAs: optionalId })}
        >
          <option value="">None</option>
          {codes.map((c) => (
            <option key={c.id} value={c.id}>
              {c.code} · {c.name}
            </option>
          ))}
        </InputField>
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending || formState.isSubmitting}>
          {pending ? "Saving..." : contact ? "Save changes" : "Save contact"}
        </Button>
      </div>
    </form>
  );
}
