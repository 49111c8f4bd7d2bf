import { useCallback } from "react";
import useEmblaCarousel from "embla-carousel-react";
import { useIdle } from "./use-idle.ts";

export interface LogoItem {
  name: string;
  /** Image of the logo; null shows the name as a text wordmark. */
  src: string | null;
}

export const LOGO_SIZE = { width: 180, height: 60 } as const;

/** The logo itself, or a text wordmark when there is no image. */
export function Logo({ item }: { item: LogoItem }) {
  if (item.src) {
    return <img src={item.src} alt={item.name} width={LOGO_SIZE.width} height={LOGO_SIZE.height} loading="lazy" decoding="async" className="h-[60px] w-[180px]" />;
  }
  return (
    <span className="flex h-[60px] w-[180px] items-center justify-center text-xl font-bold tracking-tight text-slate-700" data-testid="wordmark">
      {item.name}
    </span>
  );
}

/**
 * A row of logos that loops and can be dragged freely (Embla). It never moves by itself, so it needs no
 * pause control; the arrow buttons move it for keyboard and switch users.
 */
export function LogoCarousel({ label, items }: { label: string; items: LogoItem[] }) {
  // Set up once the browser is idle: the logos are already laid out by CSS, so nothing moves meanwhile.
  const ready = useIdle();
  const [viewportRef, embla] = useEmblaCarousel({ loop: true, dragFree: true, align: "start", active: ready });
  const prev = useCallback(() => embla?.scrollPrev(), [embla]);
  const next = useCallback(() => embla?.scrollNext(), [embla]);
  const arrowClass =
    "inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full border border-slate-300 bg-white text-slate-700 hover:bg-slate-100";

  return (
    <div className="flex items-center gap-3" role="region" aria-roledescription="carousel" aria-label={label}>
      <button type="button" className={arrowClass} onClick={prev} aria-label={`Scroll ${label} back`}>
        <svg aria-hidden="true" width="18" height="18" viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round">
          <path d="M12.5 4l-6 6 6 6" />
        </svg>
      </button>
      <div ref={viewportRef} className="min-w-0 flex-1 cursor-grab overflow-hidden active:cursor-grabbing">
        <ul className="flex touch-pan-y">
          {items.map((item) => (
            <li key={item.name} className="min-w-0 flex-[0_0_auto] px-3">
              <div className="flex h-20 items-center justify-center rounded-lg border border-slate-200 bg-white px-4">
                <Logo item={item} />
              </div>
            </li>
          ))}
        </ul>
      </div>
      <button type="button" className={arrowClass} onClick={next} aria-label={`Scroll ${label} forward`}>
        <svg aria-hidden="true" width="18" height="18" viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round">
          <path d="M7.5 4l6 6-6 6" />
        </svg>
      </button>
    </div>
  );
}
