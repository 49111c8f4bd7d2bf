import { useRevalidator } from "react-router";
import type { ApiResult } from "~/lib/api-client.ts";
import { toast } from "~/ui/toast.ts";
import { toastFailure } from "~/ui/toast-failure.ts";

export interface ActionTexts<T = unknown> {
  /** The failure toast's title ("Not matched"): the server's message is its text. */
  failure: string;
  /** The success toast's title, said once the screen's loaders have run again. */
  success?: string | ((data: T) => string);
  description?: string;
}

/**
 * A change made from a screen of the books: the call (from the feature's *.api.ts), then on failure the toast that says
 * why, on success the route's loaders run again and only then the success toast. Returns the API's answer (its fields
 * for a form).
 */
export function useBooksAction() {
  const revalidator = useRevalidator();
  return async function act<T>(call: () => Promise<ApiResult<T>>, texts: ActionTexts<T>): Promise<ApiResult<T>> {
    const res = await call();
    if (!res.ok) {
      toastFailure(res, { title: texts.failure });
      return res;
    }
    await revalidator.revalidate();
    const title = typeof texts.success === "function" ? texts.success(res.data) : texts.success;
    if (title) toast.success(title, texts.description ? { description: texts.description } : undefined);
    return res;
  };
}
