import { formatDateTime } from "~/lib/format.ts";

/** Same text on the server and in the browser (no hydration mismatch across time zones). */
export function formatSavedAt(iso: string): string {
  return formatDateTime(iso);
}
