import { useRevalidator } from "react-router";
import { request, type ApiResult, type RequestOptions } from "~/lib/api-client.ts";
import { toast } from "~/ui/toast.ts";
import { toastFailure } from "~/ui/toast-failure.ts";

/**
 * A change made from a request's screen, as the books' screens make theirs: the request, on failure the toast that
 * says why, on success the loaders again and then the success toast. Returns the answer (its fields for a form).
 */
export function useRequestAction() {
  const revalidator = useRevalidator();
  return async function act<T>(path: string, options: RequestOptions, texts: { failure: string; success?: string }): Promise<ApiResult<T>> {
    const res = await request<T>(path, options);
    if (!res.ok) {
      toastFailure(res, { title: texts.failure });
      return res;
    }
    await revalidator.revalidate();
    if (texts.success) toast.success(texts.success);
    return res;
  };
}

/** The API path of a client's requests. */
export const requestsApi = (orgId: number) => `/api/requests/${orgId}`;
