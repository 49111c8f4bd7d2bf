/**
 * Long work on the one event loop, done in slices so that other requests are served meanwhile: a loop asks `due()`
 * on each item (a clock read) and, when the slice is used up, `await next()` lets timers, I/O and other requests run
 * before it goes on. The first `due()` is true: the work before the loop (a request's checks, its queries on the
 * embedded database, which answer without giving way) may already have held the loop for a while.
 *
 *   const slices = timeSlices();
 *   for (const row of rows) {
 *     if (slices.due()) await slices.next();
 *     …
 *   }
 */

/** How long work holds the event loop before it gives way. */
export const SLICE_MS = 15;

/** Resolves once the event loop has gone round: pending I/O (other requests) and due timers run first. */
export const giveWay = () => new Promise<void>((resolve) => setImmediate(resolve));

export interface TimeSlices {
  /** Whether this slice has held the loop for its time. */
  due(): boolean;
  /** Gives way to the event loop; the next slice starts when it is back. */
  next(): Promise<void>;
}

export function timeSlices(ms = SLICE_MS): TimeSlices {
  let start = -Infinity;
  return {
    due: () => performance.now() - start >= ms,
    next: async () => {
      await giveWay();
      start = performance.now();
    },
  };
}
