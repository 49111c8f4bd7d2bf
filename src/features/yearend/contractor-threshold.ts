/**
 * When payments to an independent contractor are reported on a 1099 (decision 124): at least this much paid in a
 * calendar year. The one table of it; a year takes the last row that starts on or before it.
 *
 * - Through payments made in 2025: USD 600, 26 U.S.C. § 6041(a) as it stood.
 * - Payments made after December 31, 2025: USD 2,000, Public Law 119-21 (the One Big Beautiful Bill Act, signed July 4,
 *   2025), which raised § 6041(a)'s threshold and indexes it for inflation for calendar years after 2026: a later year's
 *   figure is added here as a row when the IRS publishes it.
 */
export const CONTRACTOR_THRESHOLDS: readonly { fromYear: number; cents: bigint; source: string }[] = [
  { fromYear: 1900, cents: 60_000n, source: "26 U.S.C. § 6041(a), payments made through 2025" },
  {
    fromYear: 2026,
    cents: 200_000n,
    source: "Public Law 119-21 (the One Big Beautiful Bill Act), amending 26 U.S.C. § 6041(a) for payments made after December 31, 2025",
  },
];

/** The 1099 reporting threshold for payments made in a calendar year, with its source. */
export function contractorThreshold(calendarYear: number): { cents: bigint; source: string } {
  let found = CONTRACTOR_THRESHOLDS[0]!;
  for (const row of CONTRACTOR_THRESHOLDS) if (row.fromYear <= calendarYear) found = row;
  return { cents: found.cents, source: found.source };
}

/** Whether what was paid to a contractor in the year is reported: at least the threshold. */
export const reportable = (paidCents: bigint, calendarYear: number) => paidCents >= contractorThreshold(calendarYear).cents;
