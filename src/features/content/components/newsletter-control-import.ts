/**
 * The newsletter box's form (newsletter-control.ts), imported through this module: beside a dynamic import the bundler
 * writes the names of every chunk the imported module needs (react-hook-form, zod, the API client, the toasts: ten),
 * and the box is on every public page, at the first-load budget. Through here the box names two.
 */
export const importNewsletterControl = () => import("./newsletter-control.ts");
