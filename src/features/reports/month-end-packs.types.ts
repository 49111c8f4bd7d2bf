/** A month-end pack as listed: one PDF of a month's statements, kept as it was prepared. */
export interface MonthEndPack {
  id: number;
  /** "2026-10" */
  month: string;
  file_name: string;
  size_bytes: number;
  /** Who prepared it (null once their account is gone). */
  prepared_by: string | null;
  /** ISO 8601, UTC. */
  created_at: string;
}
