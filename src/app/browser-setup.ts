// zod probes for eval (new Function) to speed up object schemas; the site's CSP forbids eval, so the probe
// would be reported as a violation on every page that builds a form schema. In the browser, switch it off.
// zod keeps its settings in globalThis.__zod_globalConfig and adopts an object already there, so setting it
// here costs no bytes of zod on pages without forms. Imported first by root.tsx: the root route module is
// evaluated before any other route module. (The CSP test in tests/e2e/layout.spec.ts guards this.)
if (typeof document !== "undefined") {
  const g = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
  g.__zod_globalConfig = { ...g.__zod_globalConfig, jitless: true };
}
