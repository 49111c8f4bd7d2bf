import { config as zodConfig } from "zod/v4/core";

// zod probes for eval (new Function) to speed up object schemas; the site's CSP forbids eval, so the probe
// would be reported as a violation on every page that builds a form schema. In the browser, switch it off.
// Imported first by root.tsx: the root route module is evaluated before any other route module.
if (typeof document !== "undefined") zodConfig({ jitless: true });
