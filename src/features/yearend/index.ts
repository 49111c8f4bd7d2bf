/** What the pages may use of the year-end package in the browser (no server module here). */
export { type ClosedYear, YearEndPackages } from "./components/year-end-packages.tsx";
export type { YearEndPackage } from "./year-end-package.types.ts";
