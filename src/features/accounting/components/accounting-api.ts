/** Browser calls to /api/accounting. Failures throw with the server's message ('Not authenticated' on 401). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export async function api<T>(path: string, init: { method?: string; json?: unknown } = {}): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`/api/accounting${path}`, {
      method: init.method ?? (init.json !== undefined ? "POST" : "GET"),
      headers: init.json !== undefined ? { "content-type": "application/json" } : undefined,
      body: init.json !== undefined ? JSON.stringify(init.json) : undefined,
      credentials: "same-origin",
    });
  } catch {
    throw new ApiError(0, "Network error. Please check your connection and try again.");
  }
  const body = (await res.json().catch(() => null)) as ({ error?: string } & T) | null;
  if (res.status === 401) throw new ApiError(401, "Not authenticated");
  if (!res.ok) throw new ApiError(res.status, body?.error ?? `Request failed (${res.status})`);
  return body as T;
}

export type Role = "owner" | "accountant" | "viewer";

export interface AccountDto {
  id: number;
  account_code: string;
  account_name: string;
  account_type: "Asset" | "Liability" | "Equity" | "Revenue" | "Expense";
}
