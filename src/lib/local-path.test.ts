import { describe, expect, it } from "vitest";
import { REDIRECT_BYPASSES } from "../../tests/support/redirect-bypasses.ts";
import { localPath } from "./local-path.ts";

describe("localPath", () => {
  it("keeps a local path with its query and hash, normalised", () => {
    expect(localPath("/calculators/roi")).toBe("/calculators/roi");
    expect(localPath("/accounting?tab=reports#top")).toBe("/accounting?tab=reports#top");
    expect(localPath("/a/../accounting")).toBe("/accounting");
    expect(localPath("/@evil.example")).toBe("/@evil.example");
    expect(localPath("/login?from=%2F%2Fevil.example")).toBe("/login?from=%2F%2Fevil.example");
  });

  it.each(REDIRECT_BYPASSES)("refuses %j", (target) => {
    expect(localPath(target)).toBeNull();
    expect(localPath(target, "http://localhost:3000")).toBeNull();
  });

  it("accepts an absolute URL of this site only when the site's origin is given", () => {
    expect(localPath("http://localhost:3000/accounting?x=1", "http://localhost:3000")).toBe("/accounting?x=1");
    expect(localPath("http://localhost:3000/accounting")).toBeNull();
    expect(localPath("http://localhost:3001/accounting", "http://localhost:3000")).toBeNull();
    expect(localPath("https://localhost:3000/accounting", "http://localhost:3000")).toBeNull();
    expect(localPath("http://user:pw@localhost:3000/", "http://localhost:3000")).toBeNull();
    expect(localPath("http://localhost:3000//evil.example", "http://localhost:3000")).toBeNull();
    expect(localPath("http://localhost:3000/.//evil.example", "http://localhost:3000")).toBeNull();
  });

  it("refuses non-strings and very long targets", () => {
    expect(localPath(undefined)).toBeNull();
    expect(localPath(42)).toBeNull();
    expect(localPath(["/a"])).toBeNull();
    expect(localPath(`/${"a".repeat(5000)}`)).toBeNull();
  });
});
