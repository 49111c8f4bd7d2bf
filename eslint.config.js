import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";

/**
 * Module boundaries (see CONTRIBUTING.md):
 * - the platform (src/server, src/ui, src/lib) imports no feature: the site's composition (src/app) assembles them;
 * - a feature imports another feature only through its public modules: `index.ts`, `*.types.ts` (shared types),
 *   `*.schema.ts` (the zod schemas its forms and routes share), `*.tables.ts` (tables other tables refer to) and
 *   `*.api.ts` (its API as the browser calls it);
 * - code that runs in the browser (components, src/ui, src/lib) imports no `*.server.ts` module, not even for types;
 * - the browser calls the API through a feature's `*.api.ts` module: only those (and src/lib) import `request`.
 */
const FEATURES = readdirSync(fileURLToPath(import.meta.resolve("./src/features")), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const PUBLIC = [
  "!~/features/*/index.ts",
  "!~/features/*/index.server.ts",
  "!~/features/*/*.types.ts",
  "!~/features/*/*.schema.ts",
  "!~/features/*/*.tables.ts",
  "!~/features/*/*.api.ts",
];
const NO_FEATURE = {
  group: ["~/features/**", "**/features/**"],
  message: "The platform (src/server, src/ui, src/lib) imports no feature: pass what it needs from the composition in src/app/server.",
};
const NO_SERVER_MODULE = {
  group: ["**/*.server.ts", "**/*.server"],
  message: "Code that runs in the browser imports no *.server.ts module: put shared types in a *.types.ts module.",
};
const otherFeatures = (feature) => ({
  group: ["~/features/*/**", `!~/features/${feature}/**`, ...PUBLIC],
  message:
    "A feature imports another feature only through its public modules (index.ts, index.server.ts, *.types.ts, *.schema.ts, *.tables.ts, *.api.ts).",
});
/** One way to call the API: a path, its body and its answer are written once, in the feature's `*.api.ts` module. */
const NO_DIRECT_REQUEST = {
  group: ["~/lib/api-client.ts", "**/lib/api-client.ts"],
  importNames: ["request"],
  message: "Screens call the API through the feature's *.api.ts module (e.g. leads.api.ts), which alone imports request.",
};
/** One toast: screens show toasts through src/ui/toast.ts (and failures through src/ui/toast-failure.ts), never sonner itself. */
const NO_TOAST_LIBRARY = {
  group: ["sonner"],
  message: "Toasts go through src/ui/toast.ts (failures through src/ui/toast-failure.ts): the one toast of the product.",
};
/** One dialog, one menu, one set of tabs: screens use src/ui (modal.tsx, confirm-dialog.tsx, menu.tsx), never Radix itself. */
const NO_RADIX = {
  group: ["@radix-ui/*"],
  message: "Radix is used inside src/ui only (Modal, ConfirmDialog, Menu): screens use those, so each kind of widget is built once.",
};
/** A relative path out of a feature (`../auth/…` from a feature's own folder, `../../auth/…` from its components). */
const NO_RELATIVE_EXIT = (depth) => ({
  regex: `^${"\\.\\./".repeat(depth)}(?!\\.\\./\\.\\./tests/)`,
  message: "Another feature is imported as ~/features/<name>/<public module>, so that the boundary rule sees it.",
});
/**
 * One way to reach the database (decision 101): SQL in drizzle's `sql` template, run by queryRows / queryPrepared /
 * execute. The query builder's operators and its select/insert/update/delete are refused; the auth library's adapter
 * uses the builder itself, on src/features/auth/auth.tables.ts, and src/server/db is the database's own platform.
 */
const NO_QUERY_BUILDER = {
  group: ["drizzle-orm"],
  importNames: (
    "eq ne and or not gt gte lt lte like ilike notLike notIlike inArray notInArray isNull isNotNull between notBetween exists " +
    "notExists asc desc count countDistinct sum avg min max"
  ).split(" "),
  message: "Write the statement in SQL with the sql template and queryRows (decision 101): the query builder is not used.",
};
const QUERY_BUILDER_CALL =
  "CallExpression[callee.property.name=/^(select|selectDistinct|selectDistinctOn|insert|update|delete|with|\\$with|\\$count)$/]";
const QUERY_BUILDER_SELECTORS = ["[callee.object.name=/^(db|tx|trx)$/]", "[callee.object.property.name=/^(db|tx|trx)$/]"].map((on) => ({
  selector: `${QUERY_BUILDER_CALL}${on}`,
  message: "Write the statement in SQL with the sql template and queryRows (decision 101): the query builder is not used.",
}));
/**
 * One field (decision 110): screens draw inputs, selects and text areas through src/ui/field.tsx (InputField,
 * CheckboxField), which give each a label, its hint and its error. A control that cannot be one says why on the line
 * before it (`// eslint-disable-next-line no-restricted-syntax -- raw control: …`).
 */
const RAW_CONTROL_SELECTORS = [
  "JSXOpeningElement[name.name=/^(select|textarea)$/]",
  "JSXOpeningElement[name.name='input']:not(:has(JSXAttribute[name.name='type'][value.value=/^(hidden|submit)$/]))",
].map((selector) => ({
  selector,
  message: "Draw a field with InputField or CheckboxField (src/ui/field.tsx): one field component, with its label.",
}));
const NO_QUERY_BUILDER_CALLS = { "no-restricted-syntax": ["error", ...QUERY_BUILDER_SELECTORS] };
/** One zod: the classic API everywhere (decision 109). */
const ONE_ZOD = {
  group: ["zod/mini", "zod/v4-mini"],
  message: 'Schemas use classic zod (`import { z } from "zod"`): one flavour (decision 109).',
};
const restrict = (...patterns) => ({ "no-restricted-imports": ["error", { patterns: [...patterns, NO_QUERY_BUILDER, ONE_ZOD] }] });

/** Files that may cross a boundary (none today). */
const BOUNDARY_ALLOW_LIST = [];

export default tseslint.config(
  { ignores: ["build/", "build-*/", "node_modules/", ".react-router/", "data/", "test-results/", "playwright-report/", "bench/results/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/no-non-null-assertion": "off",
    },
  },
  { files: ["src/app/**/*.{ts,tsx}"], ignores: BOUNDARY_ALLOW_LIST, rules: restrict(NO_TOAST_LIBRARY, NO_RADIX, NO_DIRECT_REQUEST) },
  { files: ["src/server/**/*.{ts,tsx}"], ignores: BOUNDARY_ALLOW_LIST, rules: restrict(NO_FEATURE, NO_TOAST_LIBRARY, NO_RADIX) },
  { files: ["src/ui/**/*.{ts,tsx}"], ignores: BOUNDARY_ALLOW_LIST, rules: restrict(NO_FEATURE, NO_SERVER_MODULE, NO_DIRECT_REQUEST) },
  {
    files: ["src/lib/**/*.{ts,tsx}"],
    ignores: BOUNDARY_ALLOW_LIST,
    rules: restrict(NO_FEATURE, NO_SERVER_MODULE, NO_TOAST_LIBRARY, NO_RADIX),
  },
  ...FEATURES.flatMap((feature) => [
    {
      files: [`src/features/${feature}/**/*.{ts,tsx}`],
      ignores: BOUNDARY_ALLOW_LIST,
      rules: restrict(otherFeatures(feature), NO_TOAST_LIBRARY, NO_RADIX, NO_RELATIVE_EXIT(1), NO_DIRECT_REQUEST),
    },
    {
      files: [`src/features/${feature}/components/**/*.{ts,tsx}`],
      ignores: BOUNDARY_ALLOW_LIST,
      rules: restrict(otherFeatures(feature), NO_SERVER_MODULE, NO_TOAST_LIBRARY, NO_RADIX, NO_RELATIVE_EXIT(2), NO_DIRECT_REQUEST),
    },
    {
      // The feature's API module: runs in the browser, and is the one place its calls import `request`.
      files: [`src/features/${feature}/*.api.ts`],
      ignores: BOUNDARY_ALLOW_LIST,
      rules: restrict(otherFeatures(feature), NO_SERVER_MODULE, NO_TOAST_LIBRARY, NO_RADIX, NO_RELATIVE_EXIT(1)),
    },
  ]),
  { files: ["src/app/**/*.api.ts"], ignores: BOUNDARY_ALLOW_LIST, rules: restrict(NO_TOAST_LIBRARY, NO_RADIX) },
  { files: ["tests/**/*.{ts,tsx}", "bench/**/*.ts"], rules: restrict() },
  { files: ["src/**/*.{ts,tsx}", "tests/**/*.{ts,tsx}", "bench/**/*.ts"], ignores: ["src/server/db/**"], rules: NO_QUERY_BUILDER_CALLS },
  {
    files: ["src/features/**/*.tsx", "src/app/**/*.tsx"],
    rules: { "no-restricted-syntax": ["error", ...QUERY_BUILDER_SELECTORS, ...RAW_CONTROL_SELECTORS] },
  },
  {
    // A source file is read in one sitting and a component fits on a screen or two: a longer one says why, in an
    // eslint-disable comment with its reason (decision 110).
    files: ["src/**/*.{ts,tsx}"],
    ignores: ["src/**/*.test.{ts,tsx}", "src/server/db/migrations/**"],
    rules: { "max-lines": ["error", { max: 300 }] },
  },
  {
    files: ["src/**/*.tsx"],
    ignores: ["src/**/*.test.tsx"],
    rules: { "max-lines-per-function": ["error", { max: 150 }] },
  },
  {
    // The database's own platform may use anything drizzle offers.
    files: ["src/server/db/**/*.{ts,tsx}"],
    rules: { "no-restricted-imports": ["error", { patterns: [NO_FEATURE, NO_TOAST_LIBRARY, NO_RADIX] }] },
  },
  {
    files: ["scripts/**/*.mjs", "*.js"],
    languageOptions: { globals: { process: "readonly", console: "readonly" } },
  },
);
