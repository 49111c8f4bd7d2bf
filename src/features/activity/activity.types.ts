/** What a client did that the firm hears of (decision 115). */
export const ACTIVITY_KINDS = ["question_answered", "request_file_uploaded", "request_item_answered", "message_written"] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** One act of a client, as the firm's list shows it to one person. */
export interface ActivityItem {
  id: number;
  organization_id: number;
  organization_name: string;
  actor_name: string;
  kind: ActivityKind;
  subject: string | null;
  link: string;
  created_at: string;
  read: boolean;
}

/** GET /api/activity: a page of the reader's client activity, newest first; `more` when older acts follow. */
export interface ActivityPage {
  items: ActivityItem[];
  more: boolean;
  unread: number;
}

/** POST /api/activity/read: how many were marked, and what is left unread. */
export interface ActivityRead {
  marked: number;
  unread: number;
}
