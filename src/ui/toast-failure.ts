import { toast } from "./toast.ts";
import { retryAfterText, type ApiResult } from "~/lib/api-client.ts";

type Failure = Extract<ApiResult<unknown>, { ok: false }>;

/** A screen's own words for a failure: one line, or a title with a description (the server's message when left out). */
export type FailureText = string | { title: string; description?: string };

/** The server's message, with when to retry when it says so (Retry-After) and the message does not already. */
function withRetry(failure: Failure): string {
  if (failure.status !== 429 || !failure.retryAfter || /\d+\s*(second|minute|hour)/i.test(failure.message)) return failure.message;
  return `${failure.message} ${retryAfterText(failure.retryAfter)}`;
}

/**
 * The one way a failed call is told to the user. `text` is the screen's own message for the failure (the exact
 * text a screen is specified to show); without it, the server's message. A rate limit always tells the server's
 * message and when to retry. A title without a description shows the server's message under it, or the generic
 * message alone when the server gave none (no answer, a server fault).
 */
export function toastFailure(failure: Failure, text?: FailureText): void {
  const title = typeof text === "object" ? text.title : undefined;
  if (failure.status === 429) {
    if (title) toast.error(title, { description: withRetry(failure) });
    else toast.error(withRetry(failure));
    return;
  }
  if (text === undefined) toast.error(failure.message);
  else if (typeof text === "string") toast.error(text);
  else if (text.description !== undefined) toast.error(text.title, { description: text.description });
  else if (failure.status === 0 || failure.status >= 500) toast.error(failure.message);
  else toast.error(text.title, { description: failure.message });
}
