import { useRevalidator } from "react-router";
import type { ApiResult } from "~/lib/api-client.ts";
import { toast } from "~/ui/toast.ts";
import { toastFailure } from "~/ui/toast-failure.ts";

/**
 * A change made from a request's screen, as the books' screens make theirs: the call (from requests.api.ts), on
 * failure the toast that says why, on success the loaders again and then the success toast. Returns the answer (its
 * fields for a form).
 */
export function useRequestAction() {
  const revalidator = useRevalidator();
  return async function act<T>(call: () => Promise<ApiResult<T>>, texts: { failure: string; success?: string }): Promise<ApiResult<T>> {
    const res = await call();
    if (!res.ok) {
      toastFailure(res, { title: texts.failure });
      return res;
    }
    await revalidator.revalidate();
    if (texts.success) toast.success(texts.success);
    return res;
  };
}
