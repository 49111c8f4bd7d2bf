import { redirect } from "react-router";
import type { Route } from "./+types/accounting";
import { ensureOrganizations } from "~/features/accounting/organizations.server.ts";
import { requirePageUser } from "~/server/http/page-guards.ts";

/** /accounting opens the books of the user's first organization (created on first use, as the owner). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requirePageUser(context, request);
  const [first] = await ensureOrganizations(context.app.db, user);
  throw redirect(`/accounting/${first!.id}`);
}

export default function Accounting() {
  return null;
}
