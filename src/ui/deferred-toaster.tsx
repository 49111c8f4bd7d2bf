import { Suspense, lazy, useEffect, useState } from "react";
import type { ToasterProps } from "sonner";
import { dismissToasts, loadToasts, onToastsRequested } from "./toast.ts";

const Toaster = lazy(() => loadToasts().then((m) => ({ default: m.Toaster })));

const TOASTER = "[data-sonner-toaster]";

/**
 * A toast tells what the last action did and stays only until the next one: a press (once it is a click) or a key
 * elsewhere than on the toasts, or a move back or forward in the history, dismisses the toasts shown. A toast that
 * action brings comes after this (it waits for the action's answer), so it stays. Modifier keys alone (and Alt+T, which
 * focuses the toasts) do not count. On the click, not the pointer going down: the toasts leaving between a press and its
 * release moved the toaster under the pointer, and the release then missed the button that was pressed.
 */
function useDismissOnNextAction(active: boolean) {
  useEffect(() => {
    if (!active) return;
    const onAction = (e: Event) => {
      if (e instanceof KeyboardEvent && (e.altKey || ["Shift", "Control", "Alt", "Meta"].includes(e.key))) return;
      if (e.target instanceof Element && e.target.closest(TOASTER)) return;
      dismissToasts();
    };
    const events = ["click", "keydown"] as const;
    for (const e of events) window.addEventListener(e, onAction, { capture: true, passive: true });
    window.addEventListener("popstate", onAction);
    return () => {
      for (const e of events) window.removeEventListener(e, onAction, { capture: true });
      window.removeEventListener("popstate", onAction);
    };
  }, [active]);
}

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
  useDismissOnNextAction(mounted);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster {...props} />
    </Suspense>
  );
}
