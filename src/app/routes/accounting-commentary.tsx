import type { Route } from "./+types/accounting-commentary";
import { requireBooksPage } from "~/features/tenancy/books-page.server.ts";
import {
  commentaryFigures,
  latestPublishedCommentary,
  listCommentaryMonths,
  publishedCommentaryOf,
  readCommentary,
} from "~/features/insight/index.server.ts";
import { CommentaryReader, CommentaryScreen } from "~/features/insight/index.ts";
import { canBooks } from "~/features/tenancy/index.ts";
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
 * Writing is the firm's ("books.commentary.write", the navigation shows it to them only); the page answers every member
 * (decision 114), a reader seeing the month's published commentary (the latest when no month is asked), never a draft.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { membership } = await requireBooksPage(context, request, params.orgId);
  const db = context.app.db;
  const asked = commentaryMonthParams.safeParse({ month: new URL(request.url).searchParams.get("month") ?? "" });
  const { organizationId, currency } = membership;
  if (!canBooks(membership, "books.commentary.write")) {
    const published = asked.success
      ? await publishedCommentaryOf(db, organizationId, currency, asked.data.month)
      : await latestPublishedCommentary(db, organizationId, currency);
    return { reader: true as const, published };
  }
  const month = asked.success ? asked.data.month : lastMonth();
  // One after the other: the embedded database answers one query at a time anyway.
  const months = await listCommentaryMonths(db, membership);
  const { commentary } = await readCommentary(db, membership, month);
  const { values, accounts } = await commentaryFigures(db, organizationId, currency, month, "all");
  return { reader: false as const, months, commentary, figures: { month, label: monthName(month), currency, values, accounts } };
}

export default function AccountingCommentary({ loaderData }: Route.ComponentProps) {
  return loaderData.reader ? <CommentaryReader published={loaderData.published} /> : <CommentaryScreen {...loaderData} />;
}
