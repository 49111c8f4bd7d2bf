/** One row of the audit log as the Audit log screen shows it. */
export interface AuditLogEntry {
  id: number;
  occurredAt: string;
  actorId: string | null;
  actorEmail: string | null;
  ip: string | null;
  action: string;
  targetType: string;
  targetId: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** GET /api/firm/audit-log: newest first; `hasMore` says whether a next page exists. */
export interface AuditLogPage {
  entries: AuditLogEntry[];
  page: number;
  pageSize: number;
  hasMore: boolean;
}
