import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { centsToDecimal } from "~/lib/money.ts";
import { Button } from "~/ui/button.tsx";
import { CheckboxField, InputField } from "~/ui/field.tsx";
import { useAction } from "~/ui/use-action.ts";
import { createCatalogueItem, updateCatalogueItem } from "../catalogue.api.ts";
import { catalogueFormSchema, type CatalogueForm, type CatalogueFormOutput } from "../catalogue.schema.ts";
import { CATALOGUE_BILLINGS, CATALOGUE_BILLING_LABELS, type CatalogueItem, type CatalogueKind } from "../catalogue.types.ts";

const KIND_WORD: Record<CatalogueKind, string> = { plan: "plan", add_on: "add-on" };

function defaults(kind: CatalogueKind, item: CatalogueItem | null): CatalogueForm {
  return {
    kind,
    name: item?.name ?? "",
    description: item?.description ?? "",
    features: item?.features.join("\n") ?? "",
    price: item?.price ?? "",
    price_prefix: item?.price_prefix ?? (kind === "add_on" ? "From" : ""),
    price_suffix: item?.price_suffix ?? "/month",
    billing: item?.billing ?? "monthly",
    featured: item?.featured ?? false,
  };
}

/** A plan or an add-on of the catalogue: its name, description, features (a plan's), price and its words, billing. */
export function CatalogueItemForm({ kind, item, onSaved }: { kind: CatalogueKind; item: CatalogueItem | null; onSaved: () => void }) {
  const { act } = useAction();
  const { register, handleSubmit, setError, formState } = useForm<CatalogueForm, unknown, CatalogueFormOutput>({
    resolver: zodResolver(catalogueFormSchema),
    defaultValues: defaults(kind, item),
  });
  const errors = formState.errors;
  const submit = handleSubmit(async ({ kind: _kind, price, ...rest }) => {
    const body = { ...rest, price: price === null ? null : centsToDecimal(price) };
    const res = await act(() => (item ? updateCatalogueItem(item.id, body) : createCatalogueItem({ ...body, kind })), {
      failure: `${item ? item.name : `New ${KIND_WORD[kind]}`} not saved`,
      success: `${body.name} saved`,
      description: "The pricing page shows it now.",
    });
    if (!res.ok) {
      for (const [key, message] of Object.entries(res.fields ?? {})) setError(key as keyof CatalogueForm, { message });
      return;
    }
    onSaved();
  });
  const id = (name: string) => `catalogue-${name}`;
  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label={item ? `Edit ${item.name}` : `New ${KIND_WORD[kind]}`}>
      <InputField id={id("name")} label="Name" error={errors.name?.message} maxLength={80} {...register("name")} />
      <InputField
        id={id("description")}
        as="textarea"
        rows={2}
        label="Description"
        optional
        maxLength={500}
        error={errors.description?.message}
        {...register("description")}
      />
      {kind === "plan" ? (
        <InputField
          id={id("features")}
          as="textarea"
          rows={5}
          label="Features"
          hint="One a line, in the order the page lists them."
          optional
          error={errors.features?.message}
          {...register("features")}
        />
      ) : null}
      <div className="grid gap-3 sm:grid-cols-3">
        <InputField
          id={id("price-prefix")}
          label="Before the price"
          hint="“From”, or empty."
          optional
          maxLength={40}
          error={errors.price_prefix?.message}
          {...register("price_prefix")}
        />
        <InputField
          id={id("price")}
          label="Price (USD)"
          hint="Empty for a custom price."
          inputMode="decimal"
          prefix="$"
          optional
          error={errors.price?.message}
          {...register("price")}
        />
        <InputField
          id={id("price-suffix")}
          label="After the price"
          hint="“/month”, or empty."
          optional
          maxLength={40}
          error={errors.price_suffix?.message}
          {...register("price_suffix")}
        />
      </div>
      <InputField as="select" id={id("billing")} label="Billing" error={errors.billing?.message} {...register("billing")}>
        {CATALOGUE_BILLINGS.map((b) => (
          <option key={b} value={b}>
            {CATALOGUE_BILLING_LABELS[b]}
          </option>
        ))}
      </InputField>
      {kind === "plan" ? (
        <CheckboxField id={id("featured")} label="Mark as most popular" hint="The page highlights this plan." {...register("featured")} />
      ) : null}
      <Button type="submit" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? "Saving..." : item ? `Save ${item.name}` : `Add the ${KIND_WORD[kind]}`}
      </Button>
    </form>
  );
}
