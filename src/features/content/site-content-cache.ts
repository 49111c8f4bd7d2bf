export interface CacheOptions<T> {
  load: () => Promise<T>;
  /** How long a loaded value is served without asking again. */
  freshMs: number;
  /** How long a stale value may still be served (while a refresh runs, or when the refresh fails). */
  keepMs: number;
  now?: () => number;
  onError?: (err: unknown) => void;
}

export interface Cache<T> {
  get(): Promise<T>;
  /** The value while it is fresh, without loading or waiting; undefined otherwise (then ask get()). */
  peek(): T | undefined;
  /** Forgets the value: the next get() loads again. A load already running when this is called is discarded. */
  invalidate(): void;
}

/**
 * A single-value read-through cache: fresh for `freshMs`; then, until `keepMs`, the old value is served at once
 * while one refresh runs in the background; past `keepMs` a get() waits for the load.
 * Concurrent loads are shared. State lives in the returned object (one per process context).
 */
export function createCache<T>(opts: CacheOptions<T>): Cache<T> {
  const now = opts.now ?? Date.now;
  let entry: { value: T; loadedAt: number } | null = null;
  let inflight: Promise<T> | null = null;
  let generation = 0;

  function refresh(): Promise<T> {
    if (inflight) return inflight;
    const gen = generation;
    const p = opts.load().then((value) => {
      if (gen === generation) entry = { value, loadedAt: now() };
      return value;
    });
    inflight = p;
    const clear = () => {
      if (inflight === p) inflight = null;
    };
    p.then(clear, clear);
    return p;
  }

  return {
    async get() {
      if (entry) {
        const age = now() - entry.loadedAt;
        if (age < opts.freshMs) return entry.value;
        if (age < opts.keepMs) {
          const stale = entry.value;
          refresh().catch((err) => opts.onError?.(err));
          return stale;
        }
      }
      return refresh();
    },
    peek() {
      return entry && now() - entry.loadedAt < opts.freshMs ? entry.value : undefined;
    },
    invalidate() {
      generation++;
      entry = null;
      inflight = null;
    },
  };
}
