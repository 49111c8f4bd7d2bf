import { useEffect, useRef, useState, type RefObject } from "react";
import { Link } from "react-router";
import { buttonClass } from "~/ui/button.tsx";
import { cn } from "~/ui/cn.ts";
import { HERO_AUTOPLAY_MS, HERO_IMAGE_SIZE, isRotating, parallaxOffset, type HeroSlide } from "../hero.ts";
import { Chevron } from "./chevron.tsx";
import { useIdleCarousel } from "./use-idle-carousel.ts";

const controlClass =
  "inline-flex h-11 w-11 items-center justify-center rounded-full bg-white/90 text-ink shadow hover:bg-white focus-visible:outline-white";

/** A previous/next arrow of the slideshow. */
function ArrowButton({ label, direction, onClick }: { label: string; direction: "back" | "forward"; onClick: () => void }) {
  return (
    <button type="button" className={controlClass} onClick={onClick} aria-label={label}>
      <Chevron direction={direction} size={20} />
    </button>
  );
}

/** Parallax: the image layer follows the scroll position (no re-render; one update per frame); none with reduced motion. */
function useParallax(rootRef: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const root = rootRef.current;
    if (!root || window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    let frame = 0;
    const update = () => {
      frame = 0;
      root.style.setProperty("--hero-parallax", `${parallaxOffset(window.scrollY, window.innerWidth)}px`);
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener("scroll", onScroll, { passive: true });
    window.addEventListener("resize", onScroll, { passive: true });
    return () => {
      window.removeEventListener("scroll", onScroll);
      window.removeEventListener("resize", onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [rootRef]);
}

/**
 * The home page's hero slideshow (WAI-ARIA carousel pattern): loops, previous/next arrows, advances every
 * 6 s; stops while the pointer is over it or keyboard focus is inside; a pause/play button comes first in
 * its tab order; starts paused when the visitor prefers reduced motion. Background images move with scroll.
 */
export function HeroCarousel({ slides }: { slides: HeroSlide[] }) {
  // Embla sets itself up once the browser is idle after hydration (or on a press); the first slide is already in place.
  const { viewportRef, embla, step: move } = useIdleCarousel({ loop: true, duration: 30 });
  const rootRef = useRef<HTMLElement>(null);
  const [selected, setSelected] = useState(0);
  const [playing, setPlaying] = useState(true);
  const [hovered, setHovered] = useState(false);
  const [focusInside, setFocusInside] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  // Bumped by the arrows: the next automatic step comes a full interval after a manual one.
  const [moved, setMoved] = useState(0);
  const rotating = hydrated && isRotating({ playing, hovered, focusInside });

  useEffect(() => {
    setHydrated(true);
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) setPlaying(false);
  }, []);

  useEffect(() => {
    if (!embla) return;
    const onSelect = () => setSelected(embla.selectedScrollSnap());
    onSelect();
    embla.on("select", onSelect).on("reInit", onSelect);
    return () => {
      embla.off("select", onSelect).off("reInit", onSelect);
    };
  }, [embla]);

  // Advances every HERO_AUTOPLAY_MS while rotating (a timer of its own: no autoplay plugin to load).
  useEffect(() => {
    if (!embla || !rotating) return;
    const timer = setInterval(() => embla.scrollNext(), HERO_AUTOPLAY_MS);
    return () => clearInterval(timer);
  }, [embla, rotating, moved]);

  useParallax(rootRef);

  const step = (forward: boolean) => {
    move(forward);
    setMoved((n) => n + 1);
  };

  return (
    <section
      ref={rootRef}
      aria-roledescription="carousel"
      aria-label="Highlights"
      data-testid="hero-carousel"
      data-rotating={rotating ? "true" : "false"}
      data-hydrated={hydrated ? "true" : "false"}
      className="relative isolate overflow-hidden bg-brand-900 text-white"
      onPointerEnter={(e) => e.pointerType === "mouse" && setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocusInside(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocusInside(false);
      }}
    >
      {/* Controls come first in the tab order: pause/play, then the arrows. */}
      <div className="absolute bottom-5 right-4 z-20 flex gap-2 sm:right-6 lg:right-8">
        <button
          type="button"
          className={controlClass}
          onClick={() => setPlaying((p) => !p)}
          aria-label={playing ? "Pause slideshow" : "Play slideshow"}
          data-testid="hero-toggle"
        >
          {playing ? (
            <svg aria-hidden="true" width="18" height="18" viewBox="0 0 18 18" fill="currentColor">
              <rect x="3" y="2" width="4" height="14" rx="1" />
              <rect x="11" y="2" width="4" height="14" rx="1" />
            </svg>
          ) : (
            <svg aria-hidden="true" width="18" height="18" viewBox="0 0 18 18" fill="currentColor">
              <path d="M4 2.5v13a1 1 0 0 0 1.5.86l11-6.5a1 1 0 0 0 0-1.72l-11-6.5A1 1 0 0 0 4 2.5z" />
            </svg>
          )}
        </button>
        <ArrowButton label="Previous slide" direction="back" onClick={() => step(false)} />
        <ArrowButton label="Next slide" direction="forward" onClick={() => step(true)} />
      </div>

      <div ref={viewportRef} className="overflow-hidden">
        <div className="flex touch-pan-y" aria-live={rotating ? "off" : "polite"}>
          {slides.map((slide, i) => {
            const hidden = hydrated && i !== selected;
            const Heading = i === 0 ? "h1" : "h2";
            return (
              <div
                key={slide.image}
                role="group"
                aria-roledescription="slide"
                aria-label={`${i + 1} of ${slides.length}`}
                aria-hidden={hidden || undefined}
                inert={hidden || undefined}
                data-active={i === selected ? "true" : "false"}
                className="relative min-w-0 flex-[0_0_100%]"
              >
                <div className="absolute inset-x-0 -top-20 bottom-0 -z-10 will-change-transform [transform:translate3d(0,var(--hero-parallax,0px),0)]">
                  <img
                    src={slide.image}
                    alt={slide.alt}
                    width={HERO_IMAGE_SIZE.width}
                    height={HERO_IMAGE_SIZE.height}
                    loading={i === 0 ? "eager" : "lazy"}
                    fetchPriority={i === 0 ? "high" : "low"}
                    decoding={i === 0 ? "sync" : "async"}
                    className="h-full w-full object-cover"
                  />
                  <div className="absolute inset-0 bg-gradient-to-r from-slate-950/90 via-slate-950/75 to-slate-950/40" />
                </div>
                <div className="mx-auto flex min-h-[34rem] max-w-7xl flex-col justify-center px-4 pb-24 pt-16 sm:min-h-[36rem] sm:px-6 lg:px-8">
                  <p className="text-sm font-semibold uppercase tracking-wider text-emerald-300">Ledgerline Advisors</p>
                  <Heading className="mt-3 max-w-3xl text-4xl font-bold leading-tight tracking-tight sm:text-5xl">{slide.heading}</Heading>
                  <p className="mt-5 max-w-2xl text-lg text-slate-100">{slide.subheading}</p>
                  <div className="mt-8 flex flex-wrap gap-3">
                    <Link to={slide.primary.to} className={buttonClass("accent", "lg")}>
                      {slide.primary.label}
                    </Link>
                    <Link to={slide.secondary.to} className={buttonClass("inverse", "lg")}>
                      {slide.secondary.label}
                    </Link>
                  </div>
                </div>
              </div>
            );
          })}
        </div>
      </div>

      <div className="absolute bottom-8 left-4 z-20 flex gap-2 sm:left-6 lg:left-8" aria-hidden="true">
        {slides.map((slide, i) => (
          <span
            key={slide.image}
            className={cn("h-1.5 rounded-full transition-all", i === selected ? "w-8 bg-white" : "w-3 bg-white/50")}
          />
        ))}
      </div>
    </section>
  );
}
