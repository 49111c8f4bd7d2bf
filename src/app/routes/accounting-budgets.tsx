import { safeParse } from "zod";
import type { Route } from "./+types/accounting-budgets";
import { requireBooksPage } from "~/features/tenancy/books-page.server.ts";
import { BudgetsScreen } from "~/features/insight/components/budgets-screen.tsx";
import { readBudget } from "~/features/insight/budgets.server.ts";
import { budgetYearField } from "~/features/insight/budgets.schema.ts";
import { fiscalYearOfMonth } from "~/features/insight/budgets.ts";
import { fiscalYearStartMonth } from "~/features/ledger/index.server.ts";
import { todayIso } from "~/lib/format.ts";

/**
 * /accounting/:orgId/budgets?year=2026: a fiscal year's budget (default: the fiscal year of today; a year that is not
 * one is left out), and the years the chooser offers (three before today's, one after, and the one shown).
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { membership } = await requireBooksPage(context, request, params.orgId);
  const db = context.app.db;
  const current = fiscalYearOfMonth(await fiscalYearStartMonth(db, membership.organizationId), todayIso().slice(0, 7));
  const asked = safeParse(budgetYearField(), new URL(request.url).searchParams.get("year") ?? "");
  const year = asked.success ? asked.data : current;
  const years = [...new Set([current - 3, current - 2, current - 1, current, current + 1, year])].sort((a, b) => a - b);
  return { grid: await readBudget(db, membership, year), years };
}

export default function AccountingBudgets({ loaderData }: Route.ComponentProps) {
  return <BudgetsScreen grid={loaderData.grid} years={loaderData.years} />;
}
