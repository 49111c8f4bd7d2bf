import { useEffect, useRef, useState } from "react";
import type { ApiResult } from "~/lib/api-client.ts";
import { toastFailure } from "./toast-failure.ts";

/**
 * The one way a dialog loads what it shows after it opens (a screen's own data comes from its route's loader): the
 * call runs whenever `key` changes (null: nothing to load), an answer that arrives after the next key or after the
 * dialog closed is dropped, a failure is told by the toast titled `failure`. Returns the data, null while loading.
 */
export function useLoad<T>(key: string | null, call: () => Promise<ApiResult<T>>, failure: string): T | null {
  const [loaded, setLoaded] = useState<{ key: string; data: T } | null>(null);
  const latest = useRef(call);
  latest.current = call;
  useEffect(() => {
    if (key === null) return;
    let live = true;
    void latest.current().then((res) => {
      if (!live) return;
      if (res.ok) setLoaded({ key, data: res.data });
      else toastFailure(res, { title: failure });
    });
    return () => {
      live = false;
    };
  }, [key, failure]);
  return loaded && loaded.key === key ? loaded.data : null;
}
