import { useEffect, useState } from "react";

/**
 * False on the server and until the page's script runs: submit buttons that need the script wait for it (before
 * that, a press would post the form as a plain document request).
 */
export function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
