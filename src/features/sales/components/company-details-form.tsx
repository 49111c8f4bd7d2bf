import { useId } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { z } from "zod";
import { Button } from "~/ui/button.tsx";
import { InputField } from "~/ui/field.tsx";
import { useAction } from "~/ui/use-action.ts";
import { setServerErrors } from "~/lib/form.ts";
import { useBooks } from "~/features/ledger/index.ts";
import { companySchema, LOGO_MAX_BYTES, type CompanyInput } from "../sharing.schema.ts";
import type { CompanyDetails } from "../sharing.types.ts";
import { saveCompany } from "../sharing.api.ts";

type CompanyFormValues = z.input<typeof companySchema>;

/** A file read as a data: URL ("data:image/png;base64,…"), in the browser. */
function readDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error("The file could not be read"));
    reader.readAsDataURL(file);
  });
}

/** Why a chosen file cannot be the logo, or null: the server checks its bytes again. */
export function logoFileProblem(file: Pick<File, "type" | "size">): string | null {
  if (file.type !== "image/png" && file.type !== "image/jpeg") return "Logo must be a PNG or JPEG image";
  if (file.size > LOGO_MAX_BYTES) return "A logo is at most 256 KB";
  return null;
}

/**
 * The business as the documents the books send out print it (decision 116), under the organization's name: its
 * address (several lines) and its logo (a PNG or JPEG of at most 256 KB, read in the browser and shown before it is
 * saved; removed with "Remove logo"). Read by every member, changed by those who hold "books.sales.settings".
 */
export function CompanyDetailsForm({ company }: { company: CompanyDetails }) {
  const { organization, can } = useBooks();
  const canWrite = can["books.sales.settings"];
  const uid = useId();
  const { register, handleSubmit, setError, clearErrors, setValue, watch, formState } = useForm<CompanyFormValues, unknown, CompanyInput>({
    resolver: zodResolver(companySchema),
    defaultValues: { address: company.address ?? "", logo: company.logo },
  });
  const { act, pending } = useAction();
  const logo = watch("logo") ?? null;
  const save = handleSubmit(async (values) => {
    // The logo travels only when it changed (left out, the saved one is kept).
    const input = { address: values.address || null, ...(values.logo === company.logo ? {} : { logo: values.logo ?? null }) };
    const res = await act(() => saveCompany(organization.id, input), {
      failure: "Company details not saved",
      success: "Company details saved",
    });
    if (!res.ok) setServerErrors(setError, res.fields, ["address", "logo"]);
  });

  async function choose(file: File) {
    clearErrors("logo");
    const problem = logoFileProblem(file);
    if (problem) return setError("logo", { message: problem }, { shouldFocus: true });
    try {
      setValue("logo", await readDataUrl(file), { shouldDirty: true });
    } catch {
      setError("logo", { message: "The file could not be read" }, { shouldFocus: true });
    }
  }

  const err = formState.errors;
  const heading = `${uid}-heading`;
  return (
    <form onSubmit={(e) => void save(e)} noValidate aria-labelledby={heading} className="space-y-3 rounded-lg border border-slate-200 p-4">
      <div>
        <h3 id={heading} className="text-lg font-semibold text-ink">
          Company details
        </h3>
        <p className="mt-1 text-sm text-muted">
          Printed under {organization.name} at the head of every PDF the books make: invoices, credit notes, bills and statements.
        </p>
      </div>
      <fieldset disabled={!canWrite} className="grid gap-4 sm:grid-cols-2">
        <legend className="sr-only">Address and logo</legend>
        <InputField
          as="textarea"
          id={`${uid}-address`}
          label="Address"
          optional
          rows={4}
          maxLength={1000}
          hint="As it is printed, line by line"
          error={err.address?.message}
          {...register("address")}
        />
        <div className="space-y-2" role="group" aria-labelledby={`${uid}-logo-label`}>
          <p className="text-sm font-medium text-ink" id={`${uid}-logo-label`}>
            Logo
          </p>
          {logo ? (
            <div className="flex flex-wrap items-center gap-3">
              <img
                src={logo}
                alt={`${organization.name} logo`}
                className="max-h-16 max-w-[12rem] rounded border border-slate-200 bg-white object-contain p-1"
              />
              {canWrite ? (
                <Button size="sm" variant="ghost" onClick={() => setValue("logo", null, { shouldDirty: true })}>
                  Remove logo
                </Button>
              ) : null}
            </div>
          ) : (
            <p className="text-sm text-muted">No logo.</p>
          )}
          {canWrite ? (
            <InputField
              id={`${uid}-logo`}
              label={logo ? "Choose another logo" : "Choose a logo"}
              type="file"
              accept="image/png,image/jpeg"
              hint="A PNG or JPEG image, at most 256 KB"
              error={err.logo?.message}
              className="mt-1 block w-full text-sm text-ink file:mr-3 file:rounded-md file:border file:border-slate-400 file:bg-white file:px-3 file:py-2"
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = "";
                if (file) void choose(file);
              }}
            />
          ) : null}
        </div>
      </fieldset>
      {canWrite ? (
        <Button type="submit" size="sm" disabled={pending}>
          {pending ? "Saving…" : "Save company details"}
        </Button>
      ) : (
        <p className="text-sm text-muted">Only those who keep these books change these details.</p>
      )}
    </form>
  );
}
