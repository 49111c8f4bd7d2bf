import type { Route } from "./+types/accounting-home";
import { requireBooksPage } from "~/features/tenancy/books-page.server.ts";
import { BooksHomeScreen } from "~/features/ledger/components/books-home-screen.tsx";
import { latestPublishedCommentary, ownerDashboard } from "~/features/insight/index.server.ts";
import { conversationGlance } from "~/features/messages/index.server.ts";
import { listPacks } from "~/features/reports/index.server.ts";
import { monthName } from "~/features/reports/index.ts";
import { packPdfUrl } from "~/features/reports/reports.api.ts";
import { clientTodo } from "~/features/requests/index.server.ts";

export const meta: Route.MetaFunction = () => [
  { title: "Home · Accounting | Ledgerline Advisors" },
  { name: "robots", content: "noindex" },
];

/** Latest month-end packs the home links. */
const HOME_PACKS = 2;
/** Newest messages the home shows. */
const HOME_MESSAGES = 3;

/**
 * /accounting/:orgId/home: the books' home, where a client lands after signing in (decision 114): what the firm waits
 * on her for, her latest packs, the messages, the firm's latest published commentary (decision 122) and her business at
 * a glance (decision 121). Every member reads it; the
 * firm's people open it from the navigation.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { user, membership } = await requireBooksPage(context, request, params.orgId);
  const db = context.app.db;
  const orgId = membership.organizationId;
  const [{ todo, total }, packs, { messages, unread }, dashboard, commentary] = await Promise.all([
    clientTodo(db, orgId),
    listPacks(db, membership),
    conversationGlance(db, user.id, orgId, HOME_MESSAGES),
    ownerDashboard(db, orgId, membership.currency),
    latestPublishedCommentary(db, orgId, membership.currency),
  ]);
  return {
    todo,
    total,
    packs: packs
      .slice(0, HOME_PACKS)
      .map((p) => ({ id: p.id, title: monthName(p.month), href: packPdfUrl(orgId, p.id), created_at: p.created_at })),
    messages,
    unread,
    dashboard,
    commentary,
  };
}

export default function AccountingHome({ loaderData }: Route.ComponentProps) {
  return <BooksHomeScreen {...loaderData} />;
}
