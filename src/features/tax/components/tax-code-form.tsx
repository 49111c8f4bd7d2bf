import { useId } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { InputField } from "~/ui/field.tsx";
import { FormButtons } from "~/ui/form-buttons.tsx";
import type { AccountDto } from "~/features/ledger/ledger.types.ts";
import { taxCodeSchema, type TaxCodeForm as Values, type TaxCodeInput } from "../tax-codes.schema.ts";
import { TAX_KIND_LABELS, TAX_KINDS, type TaxCode } from "~/features/ledger/index.ts";
import { EMPTY_PART, TaxPartFields } from "./tax-part-fields.tsx";

const EMPTY: Values = {
  code: "",
  name: "",
  kind: "output",
  applies_to: "",
  valid_from: "",
  valid_to: "",
  base_boxes: "",
  parts: [{ ...EMPTY_PART }],
};

const valuesOf = (c: TaxCode): Values => ({
  code: c.code,
  name: c.name,
  kind: c.kind,
  applies_to: c.applies_to,
  valid_from: c.valid_from ?? "",
  valid_to: c.valid_to ?? "",
  base_boxes: c.base_boxes.join(" "),
  parts: c.parts.map((p) => ({
    name: p.name,
    rate: p.rate,
    role: p.role,
    recoverable_percent: p.recoverable_percent,
    account_id: p.account_id,
    boxes: p.boxes.join(" "),
  })),
});

/**
 * A new tax code, or a code changed (`code`, with Cancel): its code, name, kind, what it applies to, the dates it is
 * valid between, the boxes its base feeds and its parts. A code posted entries use keeps its rates and accounts.
 */
export function TaxCodeForm({
  code,
  accounts,
  onSubmit,
  onCancel,
}: {
  code?: TaxCode;
  accounts: AccountDto[];
  onSubmit: (values: TaxCodeInput) => Promise<Record<string, string> | null>;
  onCancel?: () => void;
}) {
  const form = useForm<Values, unknown, TaxCodeInput>({
    resolver: zodResolver(taxCodeSchema),
    defaultValues: code ? valuesOf(code) : EMPTY,
  });
  const { register, handleSubmit, reset, setError, formState } = form;
  const uid = useId();
  const id = (name: string) => `${uid}-${name}`;
  const save = handleSubmit(async (values) => {
    const fields = await onSubmit(values);
    if (fields) return Object.entries(fields).forEach(([k, message]) => setError(k as keyof Values, { message }));
    if (!code) reset(EMPTY);
  });
  const err = formState.errors;
  const title = code ? `Edit tax code ${code.code}` : "New tax code";
  return (
    <form onSubmit={save} noValidate className="space-y-4 rounded-lg border border-slate-200 bg-slate-50 p-4" aria-labelledby={id("title")}>
      <h3 id={id("title")} className="text-lg font-semibold text-ink">
        {title}
      </h3>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <InputField id={id("code")} label="Code" error={err.code?.message} {...register("code")} />
        <InputField id={id("name")} label="Name" fieldClassName="lg:col-span-3" error={err.name?.message} {...register("name")} />
        <InputField as="select" id={id("kind")} label="Kind" error={err.kind?.message} {...register("kind")}>
          {TAX_KINDS.map((k) => (
            <option key={k} value={k}>
              {TAX_KIND_LABELS[k]}
            </option>
          ))}
        </InputField>
        <InputField as="select" id={id("applies")} label="Applies to" error={err.applies_to?.message} {...register("applies_to")}>
          <option value="">From the kind</option>
          <option value="sales">Sales</option>
          <option value="purchases">Purchases</option>
        </InputField>
        <InputField id={id("from")} label="Valid from" type="date" optional error={err.valid_from?.message} {...register("valid_from")} />
        <InputField id={id("to")} label="Valid to" type="date" optional error={err.valid_to?.message} {...register("valid_to")} />
        <InputField
          id={id("base-boxes")}
          label="Boxes of the base"
          optional
          hint="The return's boxes the taxed amount feeds, separated by spaces"
          fieldClassName="sm:col-span-2"
          error={err.base_boxes?.message}
          {...register("base_boxes")}
        />
      </div>
      <TaxPartFields form={form} accounts={accounts} id={id} />
      <FormButtons
        className="flex-wrap"
        submit={code ? "Save changes" : "Save tax code"}
        disabled={formState.isSubmitting}
        onCancel={onCancel}
      />
    </form>
  );
}
