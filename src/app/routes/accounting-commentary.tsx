import type { Route } from "./+types/accounting-commentary";
import { requireBooksPage } from "~/features/tenancy/books-page.server.ts";
import { commentaryFigures, listCommentaryMonths, readCommentary } from "~/features/insight/index.server.ts";
import { CommentaryScreen } from "~/features/insight/index.ts";
import { commentaryMonthParams } from "~/features/insight/commentary.schema.ts";
import { monthName } from "~/features/reports/index.ts";
import { todayIso } from "~/lib/format.ts";

export const meta: Route.MetaFunction = () => [
  { title: "Monthly commentary · Accounting | Ledgerline Advisors" },
  { name: "robots", content: "noindex" },
];

/** The month before this one ("2026-10" in November 2026): the month a commentary is usually written for. */
function lastMonth(today = todayIso()): string {
  const [y, m] = today.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 2, 1)).toISOString().slice(0, 7);
}

/**
 * /accounting/:orgId/commentary?month=2026-10: the month's commentary for the firm to write, review and publish
 * (decision 122), the months and their state, and every figure the menu offers with its value from the posted books.
 * The firm's side only ("books.commentary.write"); the client reads a published one on her home.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { membership } = await requireBooksPage(context, request, params.orgId, "books.commentary.write");
  const db = context.app.db;
  const asked = commentaryMonthParams.safeParse({ month: new URL(request.url).searchParams.get("month") ?? "" });
  const month = asked.success ? asked.data.month : lastMonth();
  // One after the other: the embedded database answers one query at a time anyway.
  const months = await listCommentaryMonths(db, membership);
  const { commentary } = await readCommentary(db, membership, month);
  const { values, accounts } = await commentaryFigures(db, membership.organizationId, membership.currency, month, "all");
  return { months, commentary, figures: { month, label: monthName(month), currency: membership.currency, values, accounts } };
}

export default function AccountingCommentary({ loaderData }: Route.ComponentProps) {
  return <CommentaryScreen {...loaderData} />;
}
