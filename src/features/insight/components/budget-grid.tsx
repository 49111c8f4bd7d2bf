import { useMemo } from "react";
import { useForm, useWatch, type Control, type UseFormRegister } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Button } from "~/ui/button.tsx";
import { useAction } from "~/ui/use-action.ts";
import { firstMessage } from "~/lib/form.ts";
import { AmountInput, useMoney } from "~/features/ledger/index.ts";
import { monthName } from "~/features/reports/index.ts";
import { cellCents } from "../budgets.ts";
import { budgetGridSchema, type BudgetGridForm, type BudgetGridInput } from "../budgets.schema.ts";
import { saveBudget } from "../budgets.api.ts";
import type { BudgetGrid, BudgetGridRow } from "../budgets.types.ts";
import { budgetSections, shortMonth } from "./budget-sections.ts";

const thClass = "px-2 py-2 text-xs font-semibold uppercase tracking-wide text-muted";

/** A row's total as typed (cells not yet amounts count as zero). */
function RowTotal({ control, index }: { control: Control<BudgetGridForm>; index: number }) {
  const { money } = useMoney();
  const amounts = useWatch({ control, name: `rows.${index}.amounts` }) as string[] | undefined;
  const total = (amounts ?? []).reduce((sum, a) => {
    const cents = cellCents(String(a ?? ""));
    return typeof cents === "string" ? sum : sum + cents;
  }, 0n);
  return <td className="whitespace-nowrap px-2 py-1 text-right text-sm font-semibold tabular-nums text-ink">{money(total)}</td>;
}

function GridRow(p: {
  row: BudgetGridRow;
  index: number;
  months: string[];
  register: UseFormRegister<BudgetGridForm>;
  control: Control<BudgetGridForm>;
  errors: Record<number, string | undefined>;
  readOnly: boolean;
}) {
  const name = `${p.row.account_code} ${p.row.account_name}`;
  return (
    <tr className="border-t border-slate-100">
      <th scope="row" className="sticky left-0 z-10 min-w-36 bg-white px-2 py-1 text-left text-sm font-normal text-ink sm:min-w-52">
        {name}
        {p.row.is_active ? null : <span className="text-muted"> (inactive)</span>}
      </th>
      {p.months.map((m, k) => (
        <td key={m} className="min-w-28 px-1 py-1 align-top">
          <AmountInput
            id={`budget-${p.row.account_id}-${m}`}
            label={`${name}, ${monthName(m)}`}
            labelClassName="sr-only"
            readOnly={p.readOnly}
            error={p.errors[k]}
            field={p.register(`rows.${p.index}.amounts.${k}`)}
          />
        </td>
      ))}
      <RowTotal control={p.control} index={p.index} />
    </tr>
  );
}

/**
 * The budget grid: a row per profit-and-loss account, grouped as the profit and loss groups them, twelve month columns
 * and the row's total; every cell a labelled amount field ("4000 Sales, January 2026"), reached with Tab. It scrolls
 * sideways inside a region the keyboard reaches, the account's name kept in view. Saved as one request (one
 * transaction); read only for those who do not hold "books.budgets".
 */
export function BudgetGridForm({ orgId, grid, canWrite }: { orgId: number; grid: BudgetGrid; canWrite: boolean }) {
  const sections = useMemo(() => budgetSections(grid.rows), [grid.rows]);
  const ordered = sections.flatMap((s) => s.rows);
  const defaultValues = {
    rows: ordered.map((r) => ({ account_id: r.account_id, amounts: r.amounts.map((a) => (a === "0.00" ? "" : a)) })),
  };
  const { register, handleSubmit, control, setError, formState } = useForm<BudgetGridForm, unknown, BudgetGridInput>({
    resolver: zodResolver(budgetGridSchema),
    defaultValues,
  });
  const { act, pending } = useAction();
  const save = handleSubmit(async (values) => {
    const res = await act(() => saveBudget(orgId, grid.fiscal_year, values), { failure: "Budget not saved", success: "Budget saved" });
    if (!res.ok) Object.entries(res.fields).forEach(([k, message]) => setError(k as `rows.${number}.amounts.${number}`, { message }));
  });
  const cellErrors = (i: number): Record<number, string | undefined> =>
    Object.fromEntries((formState.errors.rows?.[i]?.amounts ?? []).map?.((e, k) => [k, e?.message]) ?? []);
  const problem = firstMessage(formState.errors);
  let index = 0;
  return (
    <form onSubmit={save} noValidate aria-labelledby="budget-grid-heading" className="space-y-3">
      <h2 id="budget-grid-heading" className="text-lg font-semibold text-ink">
        Budget {grid.label} by account and month
      </h2>
      <div
        role="region"
        aria-label={`Budget ${grid.label}, scrolls sideways`}
        tabIndex={0}
        className="relative overflow-x-auto rounded-lg border border-slate-200 focus:outline-none focus:ring-2 focus:ring-brand-600"
      >
        <table className="min-w-full border-collapse">
          <caption className="sr-only">
            Budget {grid.label}: each account's amount by month, signed as its balance (revenue as credit, expenses as debit)
          </caption>
          <thead className="bg-slate-50">
            <tr>
              <th scope="col" className={`${thClass} sticky left-0 z-10 bg-slate-50 text-left`}>
                Account
              </th>
              {grid.months.map((m) => (
                <th key={m} scope="col" className={`${thClass} text-right`}>
                  <abbr title={monthName(m)} className="no-underline">
                    {shortMonth(m)}
                  </abbr>
                </th>
              ))}
              <th scope="col" className={`${thClass} text-right`}>
                Total
              </th>
            </tr>
          </thead>
          {sections.map((s) => (
            <tbody key={s.key}>
              <tr>
                <th
                  scope="colgroup"
                  colSpan={grid.months.length + 2}
                  className="sticky left-0 bg-white px-2 pb-1 pt-3 text-left text-sm font-semibold text-ink"
                >
                  {s.heading}
                </th>
              </tr>
              {s.rows.map((row) => {
                const i = index++;
                return (
                  <GridRow
                    key={row.account_id}
                    row={row}
                    index={i}
                    months={grid.months}
                    register={register}
                    control={control}
                    errors={cellErrors(i)}
                    readOnly={!canWrite}
                  />
                );
              })}
            </tbody>
          ))}
        </table>
      </div>
      {problem ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {problem}
        </p>
      ) : null}
      {canWrite ? (
        <Button type="submit" disabled={pending}>
          {pending ? "Saving..." : "Save budget"}
        </Button>
      ) : null}
    </form>
  );
}
