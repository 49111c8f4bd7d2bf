/** What the document requests' API answers (no server code: screens import these). */

export type RequestStatus = "waiting_client" | "waiting_firm" | "complete";
export type ItemStatus = "open" | "uploaded" | "unavailable" | "accepted" | "returned";

export const REQUEST_STATUS_LABELS: Record<RequestStatus, string> = {
  waiting_client: "Waiting on the client",
  waiting_firm: "Waiting on the firm",
  complete: "Complete",
};

export const ITEM_STATUS_LABELS: Record<ItemStatus, string> = {
  open: "To do",
  uploaded: "Uploaded",
  unavailable: "Not available",
  accepted: "Accepted",
  returned: "Sent back",
};

export interface RequestFile {
  id: number;
  item_id: number;
  file_name: string;
  content_type: "application/pdf" | "image/png" | "image/jpeg" | "image/heic";
  size_bytes: number;
  uploaded_by_name: string | null;
  uploaded_at: string;
}

export interface RequestItem {
  id: number;
  position: number;
  label: string;
  due_on: string;
  status: ItemStatus;
  client_note: string | null;
  return_reason: string | null;
  answered_by_name: string | null;
  answered_at: string | null;
  reviewed_by_name: string | null;
  reviewed_at: string | null;
  files: RequestFile[];
}

export interface RequestSummary {
  id: number;
  organization_id: number;
  title: string;
  status: RequestStatus;
  created_by_name: string | null;
  created_at: string;
  items: number;
  open_items: number;
  /** The earliest due date of an item still to do (open or sent back). */
  next_due_on: string | null;
  snoozed_until: string | null;
}

export interface ReminderSent {
  reminder_on: string;
  sent_at: string;
  recipients: number;
  open_items: number;
}

export interface DocumentRequest extends RequestSummary {
  message: string | null;
  remind_days_before: number | null;
  remind_on_due: boolean;
  remind_every_days: number | null;
  next_reminder_on: string | null;
  items: number;
  list: RequestItem[];
  reminders: ReminderSent[];
}

/** One line of the firm's queue: a request's item, or a bank question, waiting on the client or on the firm. */
export interface QueueRow {
  kind: "request_item" | "bank_question";
  organization_id: number;
  organization_name: string;
  waiting_on: "client" | "firm";
  /** What it is: the item's label, or the bank line's text. */
  label: string;
  /** The request's title, or the bank account's name. */
  context: string;
  /** When it started waiting: sent, answered, returned, asked. */
  since: string;
  due_on: string | null;
  status: string;
  /** The page where it is handled. */
  href: string;
}

/** A request after a change (POST /api/requests/:orgId, an item's answer, the snooze): the request as it is now. */
export interface RequestDetail {
  request: DocumentRequest;
}

/** POST /api/requests/:orgId/:requestId/items/:itemId/files (201): the stored file, and the request after it. */
export interface RequestFileUploaded extends RequestDetail {
  file: RequestFile;
}

/** POST /api/requests/:orgId/:requestId/files/:fileId/attach */
export interface RequestFileAttached {
  attached: true;
  entry_number: string;
}

/**
 * One thing the firm waits on the client for, as her home lists it: a request's item to do (or sent back), or a bank
 * question not answered; `href` is the page where she does it.
 */
export interface ClientTodo {
  kind: "request_item" | "bank_question";
  id: number;
  /** The item's label, or the bank line's text. */
  label: string;
  /** The request's title, or the bank account's name. */
  context: string;
  /** The item's due date; a question has none. */
  due_on: string | null;
  /** The bank line's date and amount (in `currency`); null for an item. */
  date: string | null;
  amount: string | null;
  currency: string | null;
  /** What the bookkeeper asked, or why the firm sent the item back. */
  note: string | null;
  /** Sent back by the firm: to do again. */
  returned: boolean;
  /** When it started waiting on her (sent, returned, asked), ISO 8601. */
  since: string;
  href: string;
}
