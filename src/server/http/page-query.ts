import type { z } from "zod";
import { filledParams } from "~/lib/search-params.ts";
import { zodFields } from "~/lib/zod-fields.ts";

/**
 * A screen's filters from its URL, checked with the schema the API uses for the same query. A wrong filter is named
 * in `errors` and left out; the others still apply (a schema whose every field is optional always yields a query).
 * `filters` are the values as given, to fill the form again.
 */
export function readPageQuery<S extends z.ZodType<unknown, Record<string, unknown>>>(
  request: Request,
  schema: S,
): { query: z.output<S>; filters: Record<string, string>; errors: Record<string, string> } {
  const filters = filledParams(new URL(request.url).searchParams);
  const parsed = schema.safeParse(filters);
  if (parsed.success) return { query: parsed.data, filters, errors: {} };
  const errors = zodFields(parsed.error);
  const kept = Object.fromEntries(Object.entries(filters).filter(([name]) => !(name in errors)));
  const rest = schema.safeParse(kept);
  return { query: rest.success ? rest.data : schema.parse({}), filters, errors };
}
