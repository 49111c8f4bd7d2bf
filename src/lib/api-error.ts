/**
 * The one error shape every `/api` route answers with, read by the one browser client (`api-client.ts`).
 * `fields` names each failing input with its first message (nested inputs by dotted path: `lines.0.debit`).
 */
export interface ApiErrorBody {
  error: string;
  code: ApiErrorCode;
  fields?: Record<string, string>;
}

export type ApiErrorCode =
  | "INVALID_JSON"
  | "INVALID_INPUT"
  | "UNSUPPORTED_MEDIA_TYPE"
  | "PAYLOAD_TOO_LARGE"
  | "NOT_AUTHENTICATED"
  | "FORBIDDEN"
  | "NOT_FOUND"
  | "CONFLICT"
  | "RATE_LIMITED"
  | "CROSS_SITE"
  | "INVALID_REDIRECT"
  | "UNAVAILABLE"
  | "INTERNAL"
  // A feature may use its own code for a state the caller acts on (e.g. "NOT_BALANCED", "TWO_FACTOR_REQUIRED").
  | (string & {});
