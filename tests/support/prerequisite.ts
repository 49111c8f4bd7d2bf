/**
 * What a test needs from the machine (a PostgreSQL server, the production build, PostgreSQL's programs). On your
 * machine a test whose prerequisite is missing is skipped; under CI=true it fails naming what is missing, as a run
 * that skipped it would pass without having tested it.
 */
export const IN_CI = Boolean(process.env.CI) && process.env.CI !== "false" && process.env.CI !== "0";

/**
 * True when `present` is falsy (the test is to be skipped), false when it is there; under CI=true a missing
 * prerequisite throws an error naming it. For `describe.skipIf(missing(…))`, `it.skipIf(…)` and `test.skip(…)`.
 */
export function missing(present: unknown, what: string): boolean {
  if (present) return false;
  if (IN_CI) throw new Error(`Missing on CI: ${what}. A test that needs it fails under CI=true instead of skipping.`);
  return true;
}
