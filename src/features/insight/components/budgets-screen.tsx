import { Form } from "react-router";
import { Button } from "~/ui/button.tsx";
import { InputField } from "~/ui/field.tsx";
import { useBooks } from "~/features/ledger/index.ts";
import type { BudgetGrid } from "../budgets.types.ts";
import { BudgetGridForm } from "./budget-grid.tsx";
import { BudgetTools } from "./budget-tools.tsx";

/**
 * Budgets (/accounting/:orgId/budgets?year=2026): the fiscal year chosen in the URL, its tools and its grid. The
 * budget against actual is a report of the Reports screen.
 */
export function BudgetsScreen({ grid, years }: { grid: BudgetGrid; years: number[] }) {
  const { organization, can, firmKeeps, side } = useBooks();
  const canWrite = can["books.budgets"];
  return (
    <div className="space-y-6">
      <Form method="get" aria-label="Budget year" className="flex flex-wrap items-end gap-4">
        <InputField
          as="select"
          id="budget-year"
          name="year"
          label="Fiscal year"
          defaultValue={String(grid.fiscal_year)}
          fieldClassName="w-48"
        >
          {years.map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </InputField>
        <Button type="submit" variant="secondary">
          Show budget
        </Button>
      </Form>
      <p className="text-sm text-muted">
        Revenue and expense accounts only, in {organization.currency}: a revenue budget is income expected, an expense budget a cost
        expected. Compare it with the actuals in Reports, under Budget vs. Actual.
        {!canWrite && firmKeeps && side === "client" ? " The firm keeps these books: the budgets are the firm's to set." : ""}
      </p>
      <BudgetTools orgId={organization.id} grid={grid} canWrite={canWrite} />
      {grid.rows.length === 0 ? (
        <p className="text-muted">No revenue or expense accounts in the chart yet.</p>
      ) : (
        <BudgetGridForm key={`${grid.fiscal_year}-${grid.updated_at ?? ""}`} orgId={organization.id} grid={grid} canWrite={canWrite} />
      )}
    </div>
  );
}
