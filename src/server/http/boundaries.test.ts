import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import { importCycles } from "../../../scripts/import-cycles.mjs";

/**
 * The module boundaries in eslint.config.js, proved on sample files: each forbidden import is reported,
 * and the allowed ones are not.
 */
const eslint = new ESLint({ cwd: process.cwd() });

async function restricted(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === "no-restricted-imports").map((m) => m.message);
}

describe("module boundaries", () => {
  it("refuses a feature in the platform (src/server, src/ui, src/lib)", async () => {
    const code = 'import { leadsRoutes } from "~/features/leads/leads.routes.server.ts";\nexport const x = leadsRoutes;\n';
    expect(await restricted("src/server/new-module.ts", code)).toHaveLength(1);
    expect(await restricted("src/ui/new-widget.tsx", code.replace(".server.ts", ".ts"))).toHaveLength(1);
    expect(
      await restricted("src/lib/new-helper.ts", 'import { firm } from "~/features/marketing/index.ts";\nexport const x = firm;\n'),
    ).toHaveLength(1);
  });

  it("refuses another feature's internals, and allows its public modules", async () => {
    const internal = 'import { storeContactMessage } from "~/features/leads/leads.server.ts";\nexport const x = storeContactMessage;\n';
    expect(await restricted("src/features/calculators/new-module.ts", internal)).toHaveLength(1);
    expect(
      await restricted(
        "src/features/account/components/new-part.tsx",
        'import { X } from "~/features/auth/components/login-screen.tsx";\nexport const y = X;\n',
      ),
    ).toHaveLength(1);
    // Public: index.ts, *.types.ts, *.schema.ts, *.tables.ts; and a feature's own modules.
    const allowed = [
      'import { firm } from "~/features/marketing/index.ts";',
      'import type { AccountProfile } from "~/features/account/account.types.ts";',
      'import { contactSchema } from "~/features/leads/contact.schema.ts";',
      'import { users } from "~/features/auth/auth.tables.ts";',
      'import { calculate } from "~/features/calculators/calculators.ts";',
    ].join("\n");
    expect(
      await restricted("src/features/calculators/new-module.ts", `${allowed}\nexport const z = [firm, contactSchema, users, calculate];\n`),
    ).toEqual([]);
  });

  it("refuses a *.server.ts module in code that runs in the browser, even for types", async () => {
    const code = 'import type { AccountProfile } from "../account.server.ts";\nexport type X = AccountProfile;\n';
    expect(await restricted("src/features/account/components/new-part.tsx", code)).toHaveLength(1);
    expect(
      await restricted("src/ui/new-widget.tsx", 'import { db } from "~/server/db/client.server.ts";\nexport const x = db;\n'),
    ).toHaveLength(1);
    // A feature's server modules may use each other.
    expect(await restricted("src/features/account/new-module.server.ts", code.replace("../", "./"))).toEqual([]);
  });

  it("refuses sonner outside src/ui: one toast, through src/ui/toast.ts", async () => {
    const code = 'import { toast } from "sonner";\nexport const x = toast;\n';
    for (const file of ["src/features/leads/components/new-part.tsx", "src/app/routes/new-route.tsx", "src/lib/new-helper.ts"])
      expect(await restricted(file, code), file).toHaveLength(1);
    expect(await restricted("src/ui/new-widget.tsx", code)).toEqual([]);
    expect(
      await restricted("src/features/leads/components/new-part.tsx", 'import { toast } from "~/ui/toast.ts";\nexport const x = toast;\n'),
    ).toEqual([]);
  });

  it("refuses a relative path out of a feature, which the public-module rule would not see", async () => {
    const code = 'import { PASSWORD_MIN_LENGTH } from "../auth/password-limits.ts";\nexport const x = PASSWORD_MIN_LENGTH;\n';
    expect(await restricted("src/features/account/new-module.ts", code)).toHaveLength(1);
    expect(await restricted("src/features/account/components/new-part.tsx", code.replace("../", "../../"))).toHaveLength(1);
    // Inside the feature, and up to the repository's tests from a test file, stay allowed.
    expect(
      await restricted(
        "src/features/account/components/new-part.tsx",
        'import type { X } from "../account.types.ts";\nexport type Y = X;\n',
      ),
    ).toEqual([]);
    expect(
      await restricted(
        "src/features/account/new.test.ts",
        'import { createTestApp } from "../../../tests/support/test-app.ts";\nexport const x = createTestApp;\n',
      ),
    ).toEqual([]);
  });

  it("refuses Radix outside src/ui: one dialog, one menu, through src/ui", async () => {
    for (const code of [
      'import * as Dialog from "@radix-ui/react-dialog";\nexport const x = Dialog;\n',
      'import * as DropdownMenu from "@radix-ui/react-dropdown-menu";\nexport const x = DropdownMenu;\n',
    ]) {
      for (const file of ["src/features/ledger/components/new-part.tsx", "src/app/layout/new-part.tsx", "src/lib/new-helper.ts"])
        expect(await restricted(file, code), file).toHaveLength(1);
      expect(await restricted("src/ui/new-widget.tsx", code)).toEqual([]);
    }
  });

  it("refuses request outside a *.api.ts module: screens call the feature's API module", async () => {
    const code = 'import { request } from "~/lib/api-client.ts";\nexport const x = request;\n';
    for (const file of ["src/features/leads/components/new-part.tsx", "src/app/routes/new-route.tsx", "src/ui/new-widget.tsx"])
      expect(await restricted(file, code), file).toHaveLength(1);
    expect(await restricted("src/features/leads/leads.api.ts", code)).toEqual([]);
    expect(await restricted("src/lib/new-helper.ts", code)).toEqual([]);
    // The result's type is for everyone; another feature's API module is public.
    const allowed = [
      'import type { ApiResult } from "~/lib/api-client.ts";',
      'import { sendContactMessage } from "~/features/leads/leads.api.ts";',
      "export type R = ApiResult<unknown>;",
      "export const y = sendContactMessage;",
    ].join("\n");
    expect(await restricted("src/features/account/components/new-part.tsx", `${allowed}\n`)).toEqual([]);
  });

  it("refuses the query builder outside src/server/db: SQL through the sql template (decision 101)", async () => {
    const operators = 'import { and, eq, sql } from "drizzle-orm";\nexport const x = [and, eq, sql];\n';
    const calls = [
      "export const a = (db: any) => db.select().from(t);",
      "export const b = (tx: any) => tx.insert(t).values({});",
      "export const c = (ctx: any) => ctx.db.update(t).set({});",
      "export const d = (c: any) => c.var.db.delete(t);",
    ].join("\n");
    const builderCalls = async (filePath: string) => {
      const [result] = await eslint.lintText(`declare const t: unknown;\n${calls}\n`, { filePath });
      return result!.messages.filter((m) => m.ruleId === "no-restricted-syntax");
    };
    for (const file of [
      "src/features/leads/new-module.server.ts",
      "src/server/new-module.ts",
      "src/app/routes/new-route.tsx",
      "tests/integration/new.test.ts",
    ]) {
      expect(await restricted(file, operators), file).toHaveLength(2);
      expect(await builderCalls(file), file).toHaveLength(4);
    }
    expect(await restricted("src/server/db/new-module.ts", operators)).toEqual([]);
    expect(await builderCalls("src/server/db/new-module.ts")).toEqual([]);
    // The sql template, the driver's own query and a Map's delete stay allowed.
    const allowed =
      'import { sql } from "drizzle-orm";\nexport const e = (db: any, m: Map<string, number>) => [db.execute(sql`select 1`), m.delete("x")];\n';
    expect(await restricted("src/features/leads/new-module.server.ts", allowed)).toEqual([]);
    const [result] = await eslint.lintText(allowed, { filePath: "src/features/leads/new-module.server.ts" });
    expect(result!.messages.filter((m) => m.ruleId === "no-restricted-syntax")).toEqual([]);
  });

  it("the source as it stands crosses no boundary", async () => {
    const results = await eslint.lintFiles(["src/app", "src/server", "src/ui", "src/lib", "src/features"]);
    const crossings = results.flatMap((r) =>
      r.messages.filter((m) => m.ruleId === "no-restricted-imports").map((m) => `${r.filePath}:${m.line} ${m.message}`),
    );
    expect(crossings).toEqual([]);
  }, 120_000);

  it("finds no two modules of src that import each other, directly or through others, types included", () => {
    expect(importCycles(process.cwd())).toEqual([]);
  });

  it("refuses a raw field control in a screen (one field component), and allows it in src/ui and as a hidden input", async () => {
    const syntax = async (filePath: string, code: string) =>
      (await eslint.lintText(code, { filePath }))[0]!.messages.filter((m) => m.ruleId === "no-restricted-syntax").length;
    const select = 'export const X = () => <select id="a"><option>1</option></select>;\n';
    expect(await syntax("src/features/ledger/components/new-part.tsx", select)).toBe(1);
    expect(await syntax("src/app/routes/new-route.tsx", 'export const X = () => <input id="b" />;\n')).toBe(1);
    expect(
      await syntax("src/features/ledger/components/new-part.tsx", 'export const X = () => <input type="hidden" name="c" value="1" />;\n'),
    ).toBe(0);
    expect(await syntax("src/ui/new-field.tsx", select)).toBe(0);
  });
});
