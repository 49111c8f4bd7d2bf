import { useEffect, useRef } from "react";
import { useLocation, useNavigationType } from "react-router";

/** How long the page must go without scrolling before the #hash target is checked and put back in place. */
const SCROLL_REST_MS = 150;
/** How long after a navigation the #hash target is kept in place at most. */
const KEEP_IN_PLACE_MS = 5000;

const USER_INPUT = ["wheel", "touchstart", "keydown", "pointerdown"] as const;

const reducedMotion = () => typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

/**
 * Once scrolling has come to rest, puts `el` back at the top of the viewport (below the sticky header, through
 * html's scroll-padding-top) if it is not there. Needed because an instant scroll that lands while a smooth one is
 * still running is not exact in Chromium: the smooth animation runs off the main thread, and the distance it covered
 * since the last frame is added on top of the instant scroll's target. That happens when the same #hash URL is
 * entered again during the smooth scroll of an in-app link (the browser's own fragment scroll, then ours), and can on
 * back/forward during one; it leaves the section tens of pixels (more on a busy machine) too low. Content that
 * changes height above the target is caught the same way. Stops at the visitor's first wheel, touch, key or pointer input, after
 * KEEP_IN_PLACE_MS, or when the returned function is called.
 */
function keepInPlace(el: HTMLElement): () => void {
  let rest: ReturnType<typeof setTimeout> | undefined;
  const realign = () => el.scrollIntoView({ behavior: "instant", block: "start" }); // no scroll at all when already there
  const onScroll = () => {
    clearTimeout(rest);
    rest = setTimeout(realign, SCROLL_REST_MS);
  };
  const stop = () => {
    clearTimeout(rest);
    clearTimeout(giveUp);
    window.removeEventListener("scroll", onScroll);
    for (const type of USER_INPUT) window.removeEventListener(type, stop, true);
  };
  window.addEventListener("scroll", onScroll, { passive: true });
  for (const type of USER_INPUT) window.addEventListener(type, stop, { capture: true, passive: true });
  const giveUp = setTimeout(stop, KEEP_IN_PLACE_MS);
  onScroll();
  return stop;
}

/**
 * On navigation: scrolls to the #hash target (retrying once after a tick if it is not there yet), else to the top.
 * In-app links scroll smoothly; a page load, back/forward and a URL entered again (where the browser scrolls to the
 * fragment itself) jump, as does everything for visitors who prefer reduced motion. The target is then kept in place
 * until scrolling comes to rest (see keepInPlace). The page the visitor arrived on (the entry the page was hydrated
 * on, also when gone back to) is not sent to the top: the browser has placed it, and the visitor may have scrolled it
 * before its script ran (public pages hydrate after their first paint, decision 015).
 */
export function ScrollManager() {
  const { pathname, hash, key } = useLocation();
  const navigationType = useNavigationType();
  const arrivedOn = useRef(key).current;
  useEffect(() => {
    if (hash) {
      const id = decodeURIComponent(hash.slice(1));
      let stopKeeping: (() => void) | undefined;
      const scroll = () => {
        const el = document.getElementById(id);
        if (!el) return false;
        const smooth = navigationType !== "POP" && !reducedMotion();
        el.scrollIntoView({ behavior: smooth ? "smooth" : "instant", block: "start" });
        stopKeeping = keepInPlace(el);
        return true;
      };
      let retry: ReturnType<typeof setTimeout> | undefined;
      if (!scroll()) retry = setTimeout(scroll, 0);
      return () => {
        clearTimeout(retry);
        stopKeeping?.();
      };
    }
    if (key !== arrivedOn) window.scrollTo({ top: 0, left: 0 });
    return undefined;
  }, [pathname, hash, key, navigationType, arrivedOn]);
  return null;
}
