import { useEffect, useRef, useState } from "react";
import useEmblaCarousel from "embla-carousel-react";

type EmblaOptions = NonNullable<Parameters<typeof useEmblaCarousel>[0]>;
type Embla = NonNullable<ReturnType<typeof useEmblaCarousel>[1]>;

const move = (embla: Embla, forward: boolean) => (forward ? embla.scrollNext() : embla.scrollPrev());

/**
 * An Embla carousel that sets itself up once the browser is idle after hydration (the first slides are already laid
 * out by CSS, so nothing moves meanwhile), or at once when its arrows are pressed. `step` moves one slide back or
 * forward; a press that comes before Embla is ready sets it up and is made as soon as it is.
 */
export function useIdleCarousel(options: EmblaOptions) {
  const [active, setActive] = useState(false);
  // Embla's instance exists from the first render; until `active` it is set up but does not move.
  const [viewportRef, embla] = useEmblaCarousel({ ...options, active });
  /** The direction of a press made before Embla was ready. */
  const pending = useRef<boolean | null>(null);

  useEffect(() => {
    if (typeof window.requestIdleCallback !== "function") return void setTimeout(() => setActive(true), 200);
    const id = window.requestIdleCallback(() => setActive(true), { timeout: 1500 });
    return () => window.cancelIdleCallback(id);
  }, []);

  useEffect(() => {
    if (embla && active && pending.current !== null) move(embla, pending.current);
    pending.current = null;
  }, [embla, active]);

  const step = (forward: boolean) => {
    if (embla && active) return move(embla, forward);
    pending.current = forward;
    setActive(true);
  };

  return { viewportRef, embla, step };
}
