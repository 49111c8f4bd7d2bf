/**
 * The filled values of a query string, one per name (the first): a name given blank (`?from=`) counts as absent,
 * as an empty field of a GET form sends it. Every query schema reads its input through this, on the API and in
 * page loaders alike.
 */
export function filledParams(params: URLSearchParams | Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  const entries = params instanceof URLSearchParams ? params.entries() : Object.entries(params);
  for (const [name, value] of entries) if (value.trim() !== "" && !(name in out)) out[name] = value;
  return out;
}
