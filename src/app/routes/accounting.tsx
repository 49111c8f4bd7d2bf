import { redirect } from "react-router";
import type { Route } from "./+types/accounting";
import { ensureOrganizations, keepsClientsBooks } from "~/features/tenancy/organizations.server.ts";
import { requirePageUser } from "~/server/http/page-guards.ts";

/**
 * /accounting opens the home of a client's first organization's books (created on first use, as the owner; decision
 * 114). Staff and admins have no books of their own: they go to the firm's clients, whose books they open from there
 * (decision 084).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requirePageUser(context, request);
  if (keepsClientsBooks(user)) throw redirect("/firm/clients");
  const [first] = await ensureOrganizations(context.app.db, user);
  throw redirect(`/accounting/${first!.id}/home`);
}

export default function Accounting() {
  return null;
}
