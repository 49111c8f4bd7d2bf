/** One row of the audit log as the Audit log screen shows it. */
export interface AuditLogEntry {
  id: number;
  occurredAt: string;
  actorId: string | null;
  actorEmail: string | null;
  /** The actor's current name (null for the system or an account deleted since). */
  actorName: string | null;
  ip: string | null;
  action: string;
  targetType: string;
  targetId: string;
  /** What the target id names, read from its table (a user's name, an organization, a lead...); null when none. */
  targetName: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** GET /api/firm/audit-log: newest first; `hasMore` says whether a next page exists. */
export interface AuditLogPage {
  entries: AuditLogEntry[];
  /** Name and address of each user whose id is a value in the entries' fields, by id. */
  people: Record<string, string>;
  page: number;
  pageSize: number;
  hasMore: boolean;
}
