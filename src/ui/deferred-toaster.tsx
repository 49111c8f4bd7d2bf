import { Suspense, lazy, useEffect, useState } from "react";
import type { ToasterProps } from "sonner";
import { loadToasts, onToastsRequested } from "./toast.ts";

const Toaster = lazy(() => loadToasts().then((m) => ({ default: m.Toaster })));

/**
 * sonner's Toaster, mounted at once when `eager`, otherwise on the visitor's first interaction or the first toast
 * (src/ui/toast.ts), whichever comes first: the public pages load no toast code until they may need it.
 */
export function DeferredToaster({ eager, ...props }: { eager: boolean } & ToasterProps) {
  // Never in the server's HTML: mounted after hydration (a toast shown before then appears when it mounts).
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    if (mounted) return;
    if (eager) return setMounted(true);
    const mount = () => setMounted(true);
    const events = ["pointerdown", "keydown", "focusin"] as const;
    for (const e of events) window.addEventListener(e, mount, { once: true, passive: true, capture: true });
    const stop = onToastsRequested(mount);
    return () => {
      for (const e of events) window.removeEventListener(e, mount, { capture: true });
      stop();
    };
  }, [mounted, eager]);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster {...props} />
    </Suspense>
  );
}
