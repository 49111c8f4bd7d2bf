import { formatDateTime } from "~/lib/format.ts";

export function formatWhen(iso: string): string {
  return formatDateTime(iso);
}

/** The inbox URL for these filters (empty values left out), e.g. for paging links and the CSV export. */
export function filterQuery(params: Record<string, string | undefined | null>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v) q.set(k, v);
  const s = q.toString();
  return s ? `?${s}` : "";
}
