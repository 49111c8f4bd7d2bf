import { useEffect } from "react";
import { useLocation } from "react-router";

/** On navigation: smooth-scroll to the #hash target (retrying once after a tick if it is not there yet), else to the top. */
export function ScrollManager() {
  const { pathname, hash, key } = useLocation();
  useEffect(() => {
    if (hash) {
      const id = decodeURIComponent(hash.slice(1));
      const scroll = () => {
        const el = document.getElementById(id);
        if (el) el.scrollIntoView({ behavior: "smooth", block: "start" });
        return Boolean(el);
      };
      if (!scroll()) {
        const t = setTimeout(scroll, 0);
        return () => clearTimeout(t);
      }
      return;
    }
    window.scrollTo({ top: 0, left: 0 });
  }, [pathname, hash, key]);
  return null;
}
