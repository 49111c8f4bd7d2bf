import { toast } from "sonner";
import { retryAfterText, type ApiResult } from "~/lib/api-client.ts";

type Failure = Extract<ApiResult<unknown>, { ok: false }>;

/**
 * The one way a failed call is told to the user. `text` is the screen's own message for the failure (the exact
 * text a screen is specified to show); without it, the server's message. A rate limit always says when to retry.
 */
export function toastFailure(failure: Failure, text?: string): void {
  if (failure.status === 429) {
    const wait = failure.retryAfter ? ` ${retryAfterText(failure.retryAfter)}` : "";
    toast.error(`${failure.message}${wait}`);
    return;
  }
  toast.error(text ?? failure.message);
}
