import { useEffect } from "react";
import { Link } from "react-router";
import type { PreferencesInput } from "../messages.schema.ts";
import type { Conversation } from "../messages.types.ts";
import { markRead } from "../messages.api.ts";
import { MessageComposer } from "./message-composer.tsx";
import { MessageList } from "./message-list.tsx";
import { NotifyPreferenceForm } from "./notify-preference-form.tsx";
import { MESSAGES_READ_EVENT } from "./messages-link.tsx";

/**
 * One conversation (the portal's Messages section, the firm's conversation with a client): the messages, marked read
 * up to the last one shown; the form to write (not for a viewer); the reader's choice of mails.
 */
export function ConversationScreen({
  conversation,
  preferences,
  userId,
  title,
  intro,
  heading = "h2",
  older = false,
  firm = false,
}: {
  conversation: Conversation;
  preferences: PreferencesInput;
  userId: string;
  title: string;
  intro: string;
  /** h1 where the page has no other title (the firm's workspace), h2 under the books' title. */
  heading?: "h1" | "h2";
  /** An older page (?before=): not marked read, no form to write. */
  older?: boolean;
  /** The reader is one of the firm's people: their mail choice speaks of their clients' activity. */
  firm?: boolean;
}) {
  const Heading = heading;
  const orgId = conversation.organization.id;
  const { last_seq, last_read_seq } = conversation;
  useEffect(() => {
    if (older || last_seq <= last_read_seq) return;
    void markRead(orgId, last_seq).then(() => window.dispatchEvent(new Event(MESSAGES_READ_EVENT)));
  }, [orgId, last_seq, last_read_seq, older]);
  const first = conversation.messages[0]?.seq;

  return (
    <section aria-labelledby="conversation-title">
      <Heading id="conversation-title" className={heading === "h1" ? "text-2xl font-bold text-ink" : "text-xl font-bold text-ink"}>
        {title}
      </Heading>
      <p className="mb-4 mt-1 text-sm text-muted">{intro}</p>
      {(conversation.more && first) || older ? (
        <p className="mb-3 flex flex-wrap gap-4 text-sm">
          {conversation.more && first ? (
            <Link to={`?before=${first}`} className="font-medium text-brand-700 underline">
              Older messages
            </Link>
          ) : null}
          {older ? (
            <Link to="?" className="font-medium text-brand-700 underline">
              Newest messages
            </Link>
          ) : null}
        </p>
      ) : null}
      <MessageList orgId={orgId} messages={conversation.messages} lastReadSeq={last_read_seq} userId={userId} />
      {older ? null : conversation.can_send ? (
        <MessageComposer orgId={orgId} />
      ) : (
        <p className="mt-6 rounded-md border border-slate-200 bg-slate-50 p-4 text-sm text-slate-700">
          You can read this conversation; only owners and accountants of the books write in it.
        </p>
      )}
      <NotifyPreferenceForm initial={preferences} firm={firm} />
    </section>
  );
}
