const savedAt = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

/** Same text on the server and in the browser (no hydration mismatch across time zones). */
export function formatSavedAt(iso: string): string {
  return `${savedAt.format(new Date(iso))} UTC`;
}
