import type { z } from "zod";

/**
 * Each failing input's first message, keyed by its dotted path ("body" when the value itself is wrong).
 * A wrong item of a list of values names the list (`servicesInterested`, not `servicesInterested.1`); an item's own
 * field keeps its place (`lines.0.description`). Used by the server's 400 answers and by the forms alike.
 */
export function zodFields(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String);
    while (path.length > 1 && /^\d+$/.test(path[path.length - 1]!)) path.pop();
    const key = path.length ? path.join(".") : "body";
    fields[key] ??= issue.message;
  }
  return fields;
}
