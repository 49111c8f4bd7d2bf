// What the hero carousel needs in the browser. The slides' content (home-content.ts) reaches it as page data, so
// that module stays out of the home page's script.

export interface Cta {
  to: string;
  label: string;
}

/** Hero slide: image, alt, heading, subheading, primary and secondary buttons. */
export interface HeroSlide {
  image: string;
  alt: string;
  heading: string;
  subheading: string;
  primary: Cta;
  secondary: Cta;
}

export const HERO_AUTOPLAY_MS = 6000;
/**
 * The hero images' size (scripts/build-images.mjs). One size serves every screen: the slide covers a box at least
 * 34rem high, so on a phone the picture is cropped from about 1,100 CSS px wide (1,900 device pixels).
 */
export const HERO_IMAGE_SIZE = { width: 1600, height: 900 } as const;

export const PARALLAX_MAX_PX = 80;
export const PARALLAX_BREAKPOINT_PX = 768;

/** Background offset of the hero images: scroll × 0.1 (× 0.05 below 768 px wide), at most 80 px. */
export function parallaxOffset(scrollY: number, viewportWidth: number): number {
  const factor = viewportWidth < PARALLAX_BREAKPOINT_PX ? 0.05 : 0.1;
  return Math.min(Math.max(scrollY, 0) * factor, PARALLAX_MAX_PX);
}

/** Whether the slideshow advances by itself: the visitor has not paused it, and neither pointer nor focus is inside. */
export function isRotating(state: { playing: boolean; hovered: boolean; focusInside: boolean }): boolean {
  return state.playing && !state.hovered && !state.focusInside;
}
