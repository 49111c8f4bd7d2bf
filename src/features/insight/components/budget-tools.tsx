import { useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Button } from "~/ui/button.tsx";
import { InputField } from "~/ui/field.tsx";
import { Modal } from "~/ui/modal.tsx";
import { Notice } from "~/ui/notice.tsx";
import { useAction } from "~/ui/use-action.ts";
import { budgetCopySchema, type BudgetCopyForm, type BudgetCopyInput } from "../budgets.schema.ts";
import { budgetCsvUrl, copyBudget, importBudget } from "../budgets.api.ts";
import type { BudgetGrid } from "../budgets.types.ts";

/** Copy last year's actuals with a percentage, in the one modal: it replaces the year's budget. */
function CopyDialog({ orgId, grid }: { orgId: number; grid: BudgetGrid }) {
  const [open, setOpen] = useState(false);
  const { register, handleSubmit, setError, formState } = useForm<BudgetCopyForm, unknown, BudgetCopyInput>({
    resolver: zodResolver(budgetCopySchema),
    defaultValues: { percent: "0" },
  });
  const { act, pending } = useAction();
  const copy = handleSubmit(async (values) => {
    const res = await act(() => copyBudget(orgId, grid.fiscal_year, values), {
      failure: "Budget not copied",
      success: `Budget ${grid.label} made from ${grid.fiscal_year - 1}'s actuals`,
    });
    if (res.ok) setOpen(false);
    else if (res.fields.percent) setError("percent", { message: res.fields.percent });
  });
  return (
    <Modal
      open={open}
      onOpenChange={setOpen}
      title="Copy last year's actuals"
      description={`Each account's actual of each month of the year before, changed by the percentage, rounded to the cent, becomes the budget ${grid.label}${grid.exists ? ": it replaces the budget saved" : ""}.`}
      trigger={<Button variant="secondary">Copy last year's actuals…</Button>}
      dismissOnOutsideClick={false}
    >
      <form onSubmit={copy} noValidate className="space-y-4">
        <InputField
          id="budget-copy-percent"
          label="Change by (%)"
          hint="10 for 10 % more, -5 for 5 % less, 0 for the same"
          inputMode="decimal"
          autoComplete="off"
          error={formState.errors.percent?.message}
          {...register("percent")}
        />
        <Button type="submit" disabled={pending}>
          {pending ? "Copying..." : "Copy into the budget"}
        </Button>
      </form>
    </Modal>
  );
}

/**
 * The budget's tools: copy last year's actuals with a percentage, import a CSV (all or nothing; it replaces the year's
 * budget) for those who hold "books.budgets"; the CSV export for every member.
 */
export function BudgetTools({ orgId, grid, canWrite }: { orgId: number; grid: BudgetGrid; canWrite: boolean }) {
  const { act, pending } = useAction();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const upload = async () => {
    if (!file) return;
    const res = await act(() => importBudget(orgId, grid.fiscal_year, file), {
      failure: "Nothing was imported",
      success: (r) => `${r.imported_rows} account${r.imported_rows === 1 ? "" : "s"} imported into the budget ${grid.label}`,
    });
    setError(res.ok ? null : res.message);
  };
  return (
    <section aria-labelledby="budget-tools-heading" className="space-y-3 rounded-lg border border-slate-200 p-4">
      <h2 id="budget-tools-heading" className="text-lg font-semibold text-ink">
        Start from last year, import and export
      </h2>
      {canWrite ? (
        <div className="flex flex-wrap items-end gap-4">
          <CopyDialog orgId={orgId} grid={grid} />
          <InputField
            id="budget-import-file"
            type="file"
            accept=".csv,text/csv"
            label="Import a budget (CSV, all or nothing)"
            hint="An account code, then twelve months, as the export writes them; it replaces the year's budget"
            fieldClassName="min-w-64 flex-1"
            className="mt-1 block w-full text-sm text-ink file:mr-3 file:rounded-md file:border file:border-slate-400 file:bg-white file:px-3 file:py-2"
            onChange={(e) => (setFile(e.target.files?.[0] ?? null), setError(null))}
          />
          <Button variant="secondary" disabled={!file || pending} onClick={() => void upload()}>
            Import
          </Button>
        </div>
      ) : null}
      {error ? <Notice notice={{ kind: "error", text: error }} /> : null}
      <p className="text-sm">
        <a className="text-brand-700 underline" href={budgetCsvUrl(orgId, grid.fiscal_year)} download>
          Export the budget {grid.label} (CSV)
        </a>
      </p>
    </section>
  );
}
