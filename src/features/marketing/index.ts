/** The marketing feature's public module: what other features may use. */
export { firm } from "./firm.ts";
