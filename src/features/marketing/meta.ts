interface MatchLike {
  id?: string;
  data?: unknown;
}

/** PUBLIC_URL from the root route's loader data, as found in a meta function's `matches`. */
export function publicUrlOf(matches: readonly (MatchLike | undefined)[]): string | undefined {
  const root = matches.find((m) => m?.id === "root") ?? matches[0];
  return (root?.data as { publicUrl?: string } | undefined)?.publicUrl;
}
