import type { Route } from "./+types/accounting-closing";
import { requireBooksPage } from "~/features/tenancy/books-page.server.ts";
import { readLock } from "~/features/ledger/books-lock.server.ts";
import { ClosingScreen } from "~/features/ledger/components/closing-screen.tsx";
import { yearEndPreviewSchema } from "~/features/ledger/year-end-close.schema.ts";
import { yearEndPreview, yearEndState } from "~/features/ledger/year-end-read.server.ts";
import { YearEndPackages } from "~/features/yearend/index.ts";
import { listPackages } from "~/features/yearend/index.server.ts";

/**
 * /accounting/:orgId/closing[?year=2025]: the books' lock date, its reason and history; the year-end close of the fiscal
 * year in the URL (default: the last one ended) with the closed years. Owners and accountants change them. The closed
 * years' year-end packages below (decision 124).
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { membership } = await requireBooksPage(context, request, params.orgId);
  const db = context.app.db;
  const [lock, yearEnd, packages] = await Promise.all([readLock(db, membership), yearEndState(db, membership), listPackages(db, membership)]);
  const asked = yearEndPreviewSchema.safeParse({ fiscal_year: new URL(request.url).searchParams.get("year") ?? undefined });
  const preview = await yearEndPreview(db, membership, asked.success ? asked.data.fiscal_year : yearEnd.last_ended);
  return { lock, yearEnd, preview, packages };
}

export default function AccountingClosing({ loaderData }: Route.ComponentProps) {
  const closed = loaderData.yearEnd.closes.filter((c) => !c.reopened).map((c) => ({ fiscal_year: c.fiscal_year, label: c.label }));
  return (
    <ClosingScreen lock={loaderData.lock} yearEnd={loaderData.yearEnd} preview={loaderData.preview}>
      <YearEndPackages closed={closed} packages={loaderData.packages} />
    </ClosingScreen>
  );
}
