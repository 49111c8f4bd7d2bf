import type { LeadKind, LeadStatus } from "./leads-inbox.schema.ts";

/** A staff member or admin who can own leads. */
export interface LeadOwner {
  id: string;
  name: string;
  email: string;
}

/** One line of the inbox. */
export interface LeadSummary {
  id: string;
  kind: LeadKind;
  name: string | null;
  email: string;
  company: string | null;
  status: LeadStatus;
  owner: LeadOwner | null;
  spam: boolean;
  spamReason: string | null;
  /** The client organization made from this lead (Convert to client), or the one its signed-in client wrote from. */
  organizationId: number | null;
  createdAt: string;
}

export interface LeadList {
  leads: LeadSummary[];
  /** How many leads match the filters (every page), counted up to 10,000. */
  total: number;
  /** More leads match than `total` says. */
  totalCapped: boolean;
  /** Query value of `before` for the next (older) page, or null on the last page. */
  older: string | null;
  /** Query value of `after` for the previous (newer) page, or null on the first page. */
  newer: string | null;
  owners: LeadOwner[];
}

/** One field the visitor sent, labelled for reading. */
export interface LeadField {
  label: string;
  value: string;
}

export interface LeadEvent {
  id: string;
  type: "status" | "owner" | "released";
  from: string | null;
  to: string | null;
  actor: string | null;
  createdAt: string;
}

export interface LeadNote {
  id: string;
  body: string;
  author: string | null;
  createdAt: string;
}

export interface LeadDetail extends LeadSummary {
  /** Sent by a signed-in client, a member of the lead's organization (decision 084). */
  client: { name: string; email: string; organizationId: number; organizationName: string } | null;
  fields: LeadField[];
  events: LeadEvent[];
  notes: LeadNote[];
  owners: LeadOwner[];
}

/** What the firm's start page shows about leads. */
export interface LeadsAttention {
  newLeads: number;
  withoutOwner: number;
}
