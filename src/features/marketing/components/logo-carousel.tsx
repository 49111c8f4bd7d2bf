import { useIdleCarousel } from "./use-idle-carousel.ts";
import { Chevron } from "./chevron.tsx";

export interface LogoItem {
  name: string;
  /** Image of the logo; null shows the name as a text wordmark. */
  src: string | null;
}

export const LOGO_SIZE = { width: 180, height: 60 } as const;

/** The logo itself, or a text wordmark when there is no image. */
export function Logo({ item }: { item: LogoItem }) {
  if (item.src) {
    return (
      <img
        src={item.src}
        alt={item.name}
        width={LOGO_SIZE.width}
        height={LOGO_SIZE.height}
        loading="lazy"
        decoding="async"
        className="h-[60px] w-[180px]"
      />
    );
  }
  return (
    <span
      className="flex h-[60px] w-[180px] items-center justify-center text-xl font-bold tracking-tight text-slate-700"
      data-testid="wordmark"
    >
      {item.name}
    </span>
  );
}

/**
 * A row of logos that loops and can be dragged freely (Embla). It never moves by itself, so it needs no
 * pause control; the arrow buttons move it for keyboard and switch users.
 */
export function LogoCarousel({ label, items }: { label: string; items: LogoItem[] }) {
  // Set up once the browser is idle (or on a press): the logos are already laid out by CSS, so nothing moves meanwhile.
  const { viewportRef, step } = useIdleCarousel({ loop: true, dragFree: true, align: "start" });
  const arrowClass =
    "inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full border border-slate-300 bg-white text-slate-700 hover:bg-slate-100";

  return (
    <div className="flex items-center gap-3" role="region" aria-roledescription="carousel" aria-label={label}>
      <button type="button" className={arrowClass} onClick={() => step(false)} aria-label={`Scroll ${label} back`}>
        <Chevron direction="back" size={18} />
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
      <button type="button" className={arrowClass} onClick={() => step(true)} aria-label={`Scroll ${label} forward`}>
        <Chevron direction="forward" size={18} />
      </button>
    </div>
  );
}
