import type { NotifyChoice } from "./messages.schema.ts";

/** A file sent with a message (downloaded from /api/messages/:orgId/attachments/:id). */
export interface MessageAttachment {
  id: number;
  file_name: string;
  content_type: string;
  size_bytes: number;
}

export interface Message {
  id: number;
  seq: number;
  author_id: string | null;
  author_name: string;
  /** Whether the author is one of the firm's people (staff or admin). */
  from_firm: boolean;
  body: string;
  source: "message" | "contact";
  created_at: string;
  attachments: MessageAttachment[];
}

/** One conversation as its reader sees it. */
export interface Conversation {
  organization: { id: number; name: string };
  messages: Message[];
  /** Whether older messages exist before the first one given. */
  more: boolean;
  /** The reader's last-read mark when the page was read (messages after it are new to them). */
  last_read_seq: number;
  last_seq: number;
  /** Whether the reader may write (a member who is not a viewer). */
  can_send: boolean;
}

/** A row of the firm's inbox. */
export interface InboxRow {
  organization_id: number;
  organization_name: string;
  last_message_at: string | null;
  last_author: string | null;
  /** The last message's first 80 characters. */
  preview: string;
  unread: number;
  /** Whether the reader works on this client (is a member of its books). */
  mine: boolean;
}

export interface Inbox {
  rows: InboxRow[];
  page: number;
  pages: number;
  total: number;
}

/** The header's badge: messages unread in the conversations the reader is in, and where the badge leads. */
export interface UnreadSummary {
  unread: number;
  href: string;
}

export interface MessagePreferences {
  notify: NotifyChoice;
}

/** POST /api/messages/:orgId/messages (201). */
export interface MessageSent {
  message: Message;
}

/** POST /api/messages/:orgId/attachments (201): the file, to be sent with the next message. */
export interface AttachmentUploaded {
  attachment: MessageAttachment;
}

/** POST /api/messages/:orgId/read: the reader's new mark, and their unread count after it. */
export interface ReadMarked extends UnreadSummary {
  last_read_seq: number;
}
