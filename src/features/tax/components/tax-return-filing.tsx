/** Filing a return and the list of filed returns with their PDFs. */
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { setServerErrors } from "~/lib/form.ts";
import { formatDateTime } from "~/lib/format.ts";
import { Button } from "~/ui/button.tsx";
import { InputField } from "~/ui/field.tsx";
import { Modal } from "~/ui/modal.tsx";
import { Pager, pageHref } from "~/ui/pager.tsx";
import { useAction } from "~/ui/use-action.ts";
import { useBooksOrgId, useMoney } from "~/features/ledger/index.ts";
import { taxReturnFileSchema, type TaxReturnFileInput } from "../tax-return.schema.ts";
import { fileTaxReturn, filedTaxReturnPdfUrl } from "../tax-return.api.ts";
import type { FiledTaxReturnsAnswer } from "../tax-return.types.ts";

export const linkClass = "font-semibold text-brand-700 underline hover:text-brand-900";

/** Filing: the authority's account and the return's name, confirmed; one transaction on the server. */
export function FileReturn({ from, to, authorities }: { from: string; to: string; authorities: { id: number; label: string }[] }) {
  const uid = useId();
  const orgId = useBooksOrgId();
  const [open, setOpen] = useState(false);
  const { act, pending } = useAction();
  const { register, handleSubmit, setError, formState } = useForm<TaxReturnFileInput>({
    resolver: zodResolver(taxReturnFileSchema),
    defaultValues: { period_start: from, period_end: to, name: `Tax return ${from} to ${to}` },
  });
  const submit = handleSubmit(async (values) => {
    const res = await act(() => fileTaxReturn(orgId, values), {
      failure: "Return not filed",
      success: (d) => `${d.tax_return.name} filed`,
    });
    if (res.ok) setOpen(false);
    else setServerErrors(setError, res.fields);
  });
  const error = formState.errors.period_start?.message ?? formState.errors.period_end?.message;
  return (
    <Modal
      open={open}
      onOpenChange={setOpen}
      title="File the return"
      description={`Files the return of ${from} to ${to}: its tax accounts are settled to the authority's account by an entry dated ${to}, and no tax-coded line can be dated in the period afterwards.`}
      dismissOnOutsideClick={false}
      trigger={<Button>File return</Button>}
    >
      <form noValidate onSubmit={(e) => void submit(e)} className="space-y-4">
        <input type="hidden" {...register("period_start")} />
        <input type="hidden" {...register("period_end")} />
        <InputField
          as="select"
          id={`${uid}-authority`}
          label="Authority account"
          hint="The account the net payable (or refundable) goes to."
          error={formState.errors.authority_account_id?.message}
          defaultValue=""
          {...register("authority_account_id", { valueAsNumber: true })}
        >
          <option value="" disabled>
            Choose an account
          </option>
          {authorities.map((a) => (
            <option key={a.id} value={a.id}>
              {a.label}
            </option>
          ))}
        </InputField>
        <InputField id={`${uid}-name`} label="Name" error={formState.errors.name?.message} {...register("name")} />
        {error ? (
          <p role="alert" className="text-sm font-medium text-red-700">
            {error}
          </p>
        ) : null}
        <div className="flex justify-end gap-3">
          <Button type="button" variant="secondary" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={pending}>
            {pending ? "Filing..." : "File"}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/** A page of the filed returns (FILED_RETURNS_PAGE_SIZE), the latest period first, with links to the others. */
export function FiledReturns({ filed: answer, filters }: { filed: FiledTaxReturnsAnswer; filters: Record<string, string> }) {
  const { tax_returns: filed, page, has_more } = answer;
  const orgId = useBooksOrgId();
  const money = useMoney();
  return (
    <section aria-labelledby="filed-returns-heading">
      <h3 id="filed-returns-heading" className="text-base font-semibold text-ink">
        Filed returns
      </h3>
      {filed.length === 0 ? (
        <p className="mt-2 text-sm text-muted">{page === 1 ? "No return has been filed yet." : "No filed return on this page."}</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200 text-sm" data-testid="filed-tax-returns">
          {filed.map((r) => (
            <li key={r.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
              <div>
                <p className="font-semibold text-ink">{r.name}</p>
                <p className="text-muted">
                  {r.period_start} to {r.period_end} · net {money.money(r.net_amount)}
                  {r.settlement_entry_number ? ` · settled by ${r.settlement_entry_number}` : ""} · filed by{" "}
                  {r.filed_by ?? "a former member"}, {formatDateTime(r.filed_at)}
                </p>
              </div>
              <a className={linkClass} href={filedTaxReturnPdfUrl(orgId, r.id)} download>
                Download<span className="sr-only"> {r.name}</span> (PDF)
              </a>
            </li>
          ))}
        </ul>
      )}
      {page > 1 || has_more ? (
        <Pager
          label="Filed returns pages"
          className="mt-2"
          status={`Page ${page}`}
          previous={page > 1 ? { to: pageHref(filters, page - 1), text: "Newer returns" } : null}
          next={has_more ? { to: pageHref(filters, page + 1), text: "Older returns" } : null}
        />
      ) : null}
    </section>
  );
}
