import { useCallback, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import type { ApiResult } from "~/lib/api-client.ts";
import { toast } from "./toast.ts";
import { toastFailure } from "./toast-failure.ts";

export interface ActionTexts<T = unknown> {
  /** The failure toast's title ("Not matched"): the server's message is its text. */
  failure: string;
  /** The success toast's title, said once the screen's loaders have run again. */
  success?: string | ((data: T) => string);
  description?: string;
  /** False for a call that changes nothing (a file read for its preview): the screen's loaders are not run again. */
  changes?: boolean;
}

export interface Action {
  /**
   * Runs the call (a function of the feature's *.api.ts); on failure the toast that says why, on success the route's
   * loaders run again and only then the success toast. Returns the API's answer (its fields for a form).
   */
  act: <T>(call: () => Promise<ApiResult<T>>, texts: ActionTexts<T>) => Promise<ApiResult<T>>;
  /** A call of this screen's is under way: its buttons say so and are not pressed twice. */
  pending: boolean;
}

/**
 * The one way a screen changes data: `const { act, pending } = useAction()`, then `await act(() => saveX(...), texts)`.
 * It owns the pending state, the failure toast and the revalidation, so no screen keeps a `busy` flag of its own.
 */
export function useAction(): Action {
  const revalidator = useRevalidator();
  const [running, setRunning] = useState(0);
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const act = useCallback(async function act<T>(call: () => Promise<ApiResult<T>>, texts: ActionTexts<T>): Promise<ApiResult<T>> {
    setRunning((n) => n + 1);
    try {
      const res = await call();
      if (!res.ok) {
        toastFailure(res, { title: texts.failure });
        return res;
      }
      if (texts.changes !== false) await revalidate.current();
      const title = typeof texts.success === "function" ? texts.success(res.data) : texts.success;
      if (title) toast.success(title, texts.description ? { description: texts.description } : undefined);
      return res;
    } finally {
      setRunning((n) => n - 1);
    }
  }, []);
  return { act, pending: running > 0 };
}
