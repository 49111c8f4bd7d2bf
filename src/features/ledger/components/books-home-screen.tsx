import type { ClientTodo } from "~/features/requests/requests.types.ts";
import type { Message } from "~/features/messages/messages.types.ts";
import type { OwnerDashboard } from "~/features/insight/dashboard.types.ts";
import type { PublishedCommentary } from "~/features/insight/commentary.types.ts";
import { Dashboard, PublishedCommentaryCard } from "~/features/insight/index.ts";
import { HomeTodoList } from "./home-todo-list.tsx";
import { HomeMessages, HomeStatements, type HomePack } from "./home-updates.tsx";

/** What the books' home shows (its loader reads it through the requests', reports', messages' and insight's services). */
export interface BooksHomeData {
  todo: ClientTodo[];
  /** Everything waiting on the client, also what the list leaves out. */
  total: number;
  packs: HomePack[];
  messages: Message[];
  unread: number;
  /** Her business at a glance: the figures of the posted books and their charts (decision 121). */
  dashboard: OwnerDashboard;
  /** The firm's latest published monthly commentary, its figures filled in (decision 122); null when none is published. */
  commentary: PublishedCommentary | null;
}

/**
 * Home (/accounting/:orgId/home), where a client lands: first what the firm needs from her (questions, documents to
 * upload or send again) with their due dates, then her latest month-end pack and the statements, then the messages;
 * below them the firm's latest published commentary, then her business at a glance. On a phone it is one column, the things to do first; on a wide screen the packs
 * and messages stand beside them.
 */
export function BooksHomeScreen({ todo, total, packs, messages, unread, dashboard, commentary }: BooksHomeData) {
  return (
    <div className="space-y-8">
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <HomeTodoList todo={todo} total={total} />
        <div className="space-y-6">
          <HomeStatements packs={packs} />
          <HomeMessages messages={messages} unread={unread} />
        </div>
      </div>
      {commentary ? <PublishedCommentaryCard commentary={commentary} /> : null}
      <Dashboard dashboard={dashboard} />
    </div>
  );
}
