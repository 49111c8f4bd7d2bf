import { useId } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { setServerErrors } from "~/lib/form.ts";
import { Button } from "~/ui/button.tsx";
import { InputField } from "~/ui/field.tsx";
import { monthEndPackSchema, type MonthEndPackInput } from "../month-end-packs.schema.ts";
import type { MonthEndPack } from "../month-end-packs.types.ts";
import { monthName } from "../report-print.ts";
import { packPdfUrl, preparePack } from "../reports.api.ts";
import { useBooks, useBooksOrgId } from "~/features/ledger/index.ts";
import { useAction } from "~/ui/use-action.ts";
import { formatDateTime, formatFileSize } from "~/lib/format.ts";

/** Last month, "2026-10": the month a pack is usually prepared for. */
function lastMonth(now = new Date()): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
}

function PackForm() {
  const uid = useId();
  const orgId = useBooksOrgId();
  const { act } = useAction();
  const { register, handleSubmit, setError, formState } = useForm<MonthEndPackInput>({
    resolver: zodResolver(monthEndPackSchema),
    defaultValues: { month: lastMonth() },
  });
  const submit = handleSubmit(async (values) => {
    const res = await act(() => preparePack(orgId, values), {
      failure: "Pack not prepared",
      success: `Month-end pack for ${monthName(values.month)} prepared`,
    });
    if (!res.ok) setServerErrors(setError, res.fields);
  });
  return (
    <form
      noValidate
      onSubmit={(e) => void submit(e)}
      aria-labelledby={`${uid}-heading`}
      className="flex flex-wrap items-end gap-4 rounded-lg border border-slate-200 p-4"
    >
      <h3 id={`${uid}-heading`} className="w-full text-base font-semibold text-ink">
        Prepare a pack
      </h3>
      <InputField id={`${uid}-month`} label="Month" type="month" error={formState.errors.month?.message} {...register("month")} />
      <Button type="submit" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? "Preparing..." : "Prepare pack"}
      </Button>
    </form>
  );
}

/**
 * Month-end packs (/accounting/:orgId/packs): one PDF per month (a cover, the profit and loss beside the previous
 * month and the same month last year, the balance sheet, the cash flows, the trial balance), kept as prepared. Every
 * member downloads them; owners and accountants prepare them.
 */
export function MonthEndPacksScreen({ packs }: { packs: MonthEndPack[] }) {
  const { can } = useBooks();
  const orgId = useBooksOrgId();
  return (
    <div className="space-y-6">
      <div>
        <h2 className="text-xl font-semibold text-ink">Month-end packs</h2>
        <p className="mt-1 max-w-3xl text-sm text-muted">
          A month&apos;s statements in one PDF: a cover, the profit and loss beside the previous month and the same month last year, the
          balance sheet at the month&apos;s end, the statement of cash flows and the trial balance. Each pack is kept as it was prepared.
        </p>
      </div>
      {can["books.write"] ? <PackForm /> : null}
      <section aria-labelledby="packs-heading">
        <h3 id="packs-heading" className="text-base font-semibold text-ink">
          Prepared packs
        </h3>
        {packs.length === 0 ? (
          <p className="mt-2 text-sm text-muted">No month-end pack has been prepared yet.</p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200 text-sm" data-testid="month-end-packs">
            {packs.map((p) => (
              <li key={p.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
                <div>
                  <p className="font-semibold text-ink">{monthName(p.month)}</p>
                  <p className="text-muted">
                    Prepared by {p.prepared_by ?? "a former member"}, {formatDateTime(p.created_at)} · {formatFileSize(p.size_bytes)}
                  </p>
                </div>
                <a className="font-semibold text-brand-700 underline hover:text-brand-900" href={packPdfUrl(orgId, p.id)} download>
                  Download<span className="sr-only"> the pack for {monthName(p.month)}</span> (PDF)
                </a>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
