const WHEN = new Intl.DateTimeFormat("en-US", {
  timeZone: "UTC",
  year: "numeric",
  month: "short",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** "Nov 23, 2026, 14:52 UTC": the same text on the server and in the browser (no hydration mismatch). */
export function formatWhen(iso: string): string {
  return `${WHEN.format(new Date(iso))} UTC`;
}

/** The inbox URL for these filters (empty values left out), e.g. for paging links and the CSV export. */
export function filterQuery(params: Record<string, string | undefined | null>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v) q.set(k, v);
  const s = q.toString();
  return s ? `?${s}` : "";
}
