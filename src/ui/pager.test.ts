import { describe, expect, it } from "vitest";
import { pageHref } from "./pager.tsx";

describe("pageHref", () => {
  it("keeps the filters that have a value, replaces the page, and leaves page 1 out", () => {
    expect(pageHref({ q: "ann", role: undefined, action: "", page: 3 }, 2)).toBe("?q=ann&page=2");
    expect(pageHref({ q: "ann", page: 2 }, 1)).toBe("?q=ann");
    expect(pageHref({ page: 2 }, 1)).toBe(".");
  });
});
