import type { Route } from "./+types/accounting-closing";
import { requireBooksPage } from "~/features/accounting/books-page.server.ts";
import { readLock } from "~/features/accounting/books-lock.server.ts";
import { ClosingScreen } from "~/features/accounting/components/closing-screen.tsx";

/** /accounting/:orgId/closing: the books' lock date, its reason and history; owners and accountants change it. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { membership } = await requireBooksPage(context, request, params.orgId);
  return { lock: await readLock(context.app.db, membership) };
}

export default function AccountingClosing({ loaderData }: Route.ComponentProps) {
  return <ClosingScreen lock={loaderData.lock} />;
}
