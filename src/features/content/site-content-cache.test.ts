import { describe, expect, it } from "vitest";
import { createCache } from "./site-content-cache.ts";

function setup() {
  let now = 0;
  let version = 0;
  let fail = false;
  const loads: number[] = [];
  const cache = createCache({
    load: async () => {
      loads.push(now);
      if (fail) throw new Error("db down");
      return ++version;
    },
    freshMs: 5 * 60_000,
    keepMs: 10 * 60_000,
    now: () => now,
  });
  return {
    cache,
    loads,
    advance: (ms: number) => (now += ms),
    setFail: (v: boolean) => (fail = v),
  };
}

describe("site content cache", () => {
  it("serves the loaded value without asking again for 5 minutes", async () => {
    const t = setup();
    expect(await t.cache.get()).toBe(1);
    t.advance(4 * 60_000 + 59_000);
    expect(await t.cache.get()).toBe(1);
    expect(t.loads).toHaveLength(1);
  });

  it("between 5 and 10 minutes serves the old value at once and refreshes in the background", async () => {
    const t = setup();
    await t.cache.get();
    t.advance(6 * 60_000);
    expect(await t.cache.get()).toBe(1);
    await Promise.resolve();
    expect(await t.cache.get()).toBe(2);
    expect(t.loads).toHaveLength(2);
  });

  it("past 10 minutes waits for a fresh load", async () => {
    const t = setup();
    await t.cache.get();
    t.advance(10 * 60_000);
    expect(await t.cache.get()).toBe(2);
  });

  it("keeps serving the stale value when a background refresh fails", async () => {
    const t = setup();
    await t.cache.get();
    t.advance(7 * 60_000);
    t.setFail(true);
    expect(await t.cache.get()).toBe(1);
    await Promise.resolve();
    expect(await t.cache.get()).toBe(1);
  });

  it("peek() gives the value only while it is fresh, and loads nothing", async () => {
    const t = setup();
    expect(t.cache.peek()).toBeUndefined();
    await t.cache.get();
    expect(t.cache.peek()).toBe(1);
    t.advance(5 * 60_000);
    expect(t.cache.peek()).toBeUndefined();
    t.cache.invalidate();
    expect(t.cache.peek()).toBeUndefined();
    expect(t.loads).toHaveLength(1);
  });

  it("shares one load between concurrent readers", async () => {
    const t = setup();
    const [a, b] = await Promise.all([t.cache.get(), t.cache.get()]);
    expect([a, b]).toEqual([1, 1]);
    expect(t.loads).toHaveLength(1);
  });

  it("invalidate() makes the next read load again, and discards a load that was already running", async () => {
    const t = setup();
    await t.cache.get();
    t.cache.invalidate();
    expect(await t.cache.get()).toBe(2);
    t.advance(11 * 60_000);
    const running = t.cache.get(); // loads version 3...
    t.cache.invalidate(); // ...which a change makes out of date before it returns
    expect(await running).toBe(3);
    expect(await t.cache.get()).toBe(4);
    expect(t.loads).toHaveLength(4);
  });
});
