import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PERMISSIONS, can, type Permission } from "./permissions.ts";

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const full = path.join(dir, d.name);
    if (d.isDirectory()) return sources(full);
    return /\.tsx?$/.test(d.name) && !/\.test\.tsx?$/.test(d.name) ? [full] : [];
  });
}

describe("permissions by name", () => {
  it("gives each role what the firm's workspace and the books need, and nothing to a signed-out visitor", () => {
    const held = (role: string) => (Object.keys(PERMISSIONS) as Permission[]).filter((p) => can({ role }, p));
    expect(held("client")).toEqual([]);
    expect(held("staff")).toEqual([
      "firm.workspace",
      "firm.leads",
      "firm.clients",
      "firm.content",
      "firm.work",
      "firm.work.templates",
      "firm.proposals",
      "books.keepClients",
    ]);
    expect(held("admin")).toEqual(Object.keys(PERMISSIONS));
    expect(can(null, "firm.workspace")).toBe(false);
    expect(can({ role: "owner" }, "firm.leads")).toBe(false);
  });

  it("no code outside src/lib/permissions.ts asks for a site role by its name", () => {
    // A user's role compared with a name, or a list of site roles: a guard or a screen that decides by role.
    const byRole = [/\.role\s*[!=]==?\s*["'](client|staff|admin)["']/, /["'](staff|admin)["'],\s*["'](staff|admin)["']/];
    const offenders = sources("src")
      .filter((f) => !f.endsWith(path.join("lib", "permissions.ts")))
      .flatMap((f) =>
        readFileSync(f, "utf8")
          .split("\n")
          .map((line, i) => ({ line, at: `${f}:${i + 1}` }))
          .filter(({ line }) => byRole.some((re) => re.test(line)))
          .map(({ at, line }) => `${at} ${line.trim()}`),
      );
    expect(offenders).toEqual([]);
  });
});
