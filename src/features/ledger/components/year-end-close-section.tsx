import { useId, useState } from "react";
import { Form } from "react-router";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { setServerErrors } from "~/lib/form.ts";
import { Button } from "~/ui/button.tsx";
import { ConfirmDialog } from "~/ui/confirm-dialog.tsx";
import { InputField } from "~/ui/field.tsx";

import { yearEndCloseSchema, type YearEndCloseInput } from "../year-end-close.schema.ts";
import type { YearEndPreview, YearEndState } from "../year-end-close.types.ts";
import { closeYear } from "../closing.api.ts";
import { useBooks, useBooksOrgId, useMoney } from "./books-context.tsx";
import { useAction } from "~/ui/use-action.ts";
import { YearEndClosesList } from "./year-end-closes-list.tsx";

/** The fiscal years offered: the last ended one and the nine before it. */
const yearsFrom = (last: number) => Array.from({ length: 10 }, (_, i) => last - i);

/**
 * The Closing section's year-end close: pick a fiscal year (in the URL, `?year=`), see what its closing entry moves to
 * Retained Earnings, close it after confirming (owners and accountants), and the closed years with Reopen.
 */
export function YearEndCloseSection({ state, preview }: { state: YearEndState; preview: YearEndPreview }) {
  const uid = useId();
  const { can } = useBooks();
  return (
    <section aria-labelledby={`${uid}-title`} className="space-y-4 rounded-lg border border-slate-200 p-4">
      <div>
        <h3 id={`${uid}-title`} className="text-lg font-semibold text-ink">
          Year-end close
        </h3>
        <p className="mt-1 max-w-3xl text-sm text-muted">
          Closing a fiscal year posts one entry on its last day moving the year&apos;s revenue and expenses to Retained Earnings, and locks
          the books up to that day. Reopening reverses that entry.
        </p>
      </div>
      <Form method="get" role="search" aria-label="Choose the fiscal year" className="flex flex-wrap items-end gap-3" preventScrollReset>
        <InputField as="select" id={`${uid}-year`} label="Fiscal year" name="year" defaultValue={preview.fiscal_year}>
          {yearsFrom(state.last_ended).map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </InputField>
        <Button type="submit" variant="secondary">
          Preview
        </Button>
      </Form>
      <ClosePreview preview={preview} />
      {can["books.close"] && !preview.problem ? <CloseForm key={preview.fiscal_year} preview={preview} /> : null}
      <YearEndClosesList closes={state.closes} />
    </section>
  );
}

function ClosePreview({ preview }: { preview: YearEndPreview }) {
  const { balance } = useMoney();
  const re = preview.retained_earnings;
  return (
    <div className="rounded-md bg-slate-50 p-3 text-sm text-ink" data-testid="close-preview">
      <p className="font-semibold">
        {preview.label}: {preview.start} to {preview.end}
      </p>
      {preview.problem ? (
        <p className="mt-1 text-red-800">{preview.problem}</p>
      ) : (
        <>
          <p className="mt-1">
            Net income <span className="font-semibold tabular-nums">{balance(preview.net_income)}</span> to {re.account_code}{" "}
            {re.account_name}
            {re.id === null ? " (created on closing)" : ""}, from:
          </p>
          <ul className="mt-2 grid gap-x-6 sm:grid-cols-2">
            {preview.accounts.map((a) => (
              <li key={a.account_id} className="flex justify-between gap-3 border-b border-slate-200 py-1">
                <span>
                  {a.account_code} {a.account_name}
                </span>
                <span className="tabular-nums">{balance(a.balance)}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

function CloseForm({ preview }: { preview: YearEndPreview }) {
  const { balance } = useMoney();
  const uid = useId();
  const orgId = useBooksOrgId();
  const { act } = useAction();
  const [confirming, setConfirming] = useState<YearEndCloseInput | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<YearEndCloseInput>({
    resolver: zodResolver(yearEndCloseSchema),
    defaultValues: { fiscal_year: preview.fiscal_year, reason: `${preview.label} closed` },
  });
  async function close(values: YearEndCloseInput): Promise<boolean> {
    const res = await act(() => closeYear(orgId, values), {
      failure: "Year not closed",
      success: `${preview.label} closed: books locked up to ${preview.end}`,
    });
    if (!res.ok) setServerErrors(setError, res.fields);
    return res.ok;
  }
  return (
    <form
      noValidate
      onSubmit={(e) => void handleSubmit((values) => setConfirming(values))(e)}
      aria-label={`Close ${preview.label}`}
      className="space-y-3"
    >
      <input type="hidden" {...register("fiscal_year", { valueAsNumber: true })} />
      <InputField
        id={`${uid}-reason`}
        label="Reason"
        error={formState.errors.reason?.message ?? formState.errors.fiscal_year?.message}
        {...register("reason")}
      />
      <Button type="submit">Close {preview.label}</Button>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(o) => !o && setConfirming(null)}
        title={`Close ${preview.label}?`}
        description={`A closing entry dated ${preview.end} moves net income of ${balance(preview.net_income)} to ${preview.retained_earnings.account_name}, and the books are locked up to ${preview.end}.`}
        confirmLabel="Close the year"
        busyLabel="Closing..."
        closeOnRefusal
        onConfirm={() => (confirming ? close(confirming) : false)}
      />
    </form>
  );
}
