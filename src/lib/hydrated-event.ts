/**
 * The event the page dispatches on `window` once React has hydrated its root (root.tsx). A public page's start-up
 * script (src/server/page-start.ts) waits for it before it hands over the presses it held.
 */
export const HYDRATED_EVENT = "app:hydrated";
