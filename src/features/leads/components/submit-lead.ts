/** Outcome of posting a lead form to its API route. */
export type SubmitOutcome =
  | { kind: "stored"; id: string }
  | { kind: "invalid"; fields: Record<string, string> }
  | { kind: "rate-limited"; message: string }
  | { kind: "failed" };

/** Posts a lead as JSON; never throws (a network failure is "failed"). */
export async function submitLead(url: string, body: unknown): Promise<SubmitOutcome> {
  try {
    const res = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(body),
    });
    const json = (await res.json().catch(() => ({}))) as { id?: string; error?: string; fields?: Record<string, string> };
    if (res.status === 201 && json.id) return { kind: "stored", id: json.id };
    if (res.status === 400 && json.fields) return { kind: "invalid", fields: json.fields };
    if (res.status === 429 && json.error) return { kind: "rate-limited", message: json.error };
    return { kind: "failed" };
  } catch {
    return { kind: "failed" };
  }
}
