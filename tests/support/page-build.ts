import type { ServerBuild } from "react-router";
import * as entry from "~/app/entry.server.tsx";
import routes from "~/app/routes.ts";

interface RouteEntry {
  id?: string;
  file: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  children?: RouteEntry[];
}

interface Found {
  id: string;
  parentId: string;
  entry: RouteEntry;
  /** The whole path pattern, its parents' included ("accounting/:orgId/journal"). */
  pattern: string;
}

/** Every route of src/app/routes.ts with its id as React Router gives it (the file without its extension, or `id`). */
function walk(list: RouteEntry[], parentId: string, base: string, out: Found[] = []): Found[] {
  for (const e of list) {
    const id = e.id ?? e.file.replace(/\.[jt]sx?$/, "");
    const pattern = [base, e.path].filter(Boolean).join("/");
    out.push({ id, parentId, entry: e, pattern });
    walk(e.children ?? [], id, pattern, out);
  }
  return out;
}

/** The site's pages as src/app/routes.ts lists them: each one's file and whole path pattern, layouts included. */
export function pageRoutes(): { file: string; pattern: string; layout: boolean }[] {
  return walk(routes as RouteEntry[], "root", "").map((r) => ({
    file: r.entry.file,
    pattern: r.pattern,
    layout: (r.entry.children ?? []).length > 0,
  }));
}

/**
 * A server build of the site's pages for an in-process test, without `npm run build`: the route table of
 * src/app/routes.ts with the real modules of the routes named (by file, e.g. "routes/accounting-messages.tsx") and
 * of their parents up to the root; every other route is left out. Hand it to `createApp(ctx, { build })` and ask for
 * a page (its HTML) or its loader data (`/path.data`, as the browser does on navigation).
 */
export async function pageBuild(files: string[]): Promise<ServerBuild> {
  const all = walk(routes as RouteEntry[], "root", "");
  const byId = new Map(all.map((r) => [r.id, r]));
  const wanted = new Set<string>();
  for (const file of files) {
    const hits = all.filter((r) => r.entry.file === file);
    if (hits.length === 0) throw new Error(`No route in src/app/routes.ts has the file ${file}`);
    for (let r: Found | undefined = hits[0]; r && !wanted.has(r.id); r = byId.get(r.parentId)) wanted.add(r.id);
    for (const r of hits) wanted.add(r.id);
  }
  const modules = new Map<string, Record<string, unknown>>();
  const load = async (file: string) => {
    const loaded = modules.get(file) ?? ((await import(/* @vite-ignore */ `~/app/${file}`)) as Record<string, unknown>);
    modules.set(file, loaded);
    return loaded;
  };
  // The root's links name the built site's files (its stylesheet), which a test build has not: left out.
  const root = { ...(await load("root.tsx")), links: undefined };
  const manifest: ServerBuild["routes"] = { root: { id: "root", path: "", module: root as never } };
  const assets: ServerBuild["assets"]["routes"] = {};
  const describe = (id: string, parentId: string | undefined, e: Pick<RouteEntry, "path" | "index">, m: Record<string, unknown>) => ({
    id,
    parentId,
    path: e.path,
    index: e.index,
    module: `/${id}.js`,
    hasLoader: typeof m.loader === "function",
    hasAction: typeof m.action === "function",
    hasClientAction: false,
    hasClientLoader: false,
    hasClientMiddleware: false,
    hasErrorBoundary: typeof m.ErrorBoundary === "function",
    clientActionModule: undefined,
    clientLoaderModule: undefined,
    clientMiddlewareModule: undefined,
    hydrateFallbackModule: undefined,
  });
  assets.root = describe("root", undefined, { path: "" }, manifest.root!.module as never);
  for (const r of all.filter((x) => wanted.has(x.id))) {
    const m = await load(r.entry.file);
    const { path, index, caseSensitive } = r.entry;
    manifest[r.id] = { id: r.id, parentId: r.parentId, path, index, caseSensitive, module: m as never };
    assets[r.id] = describe(r.id, r.parentId, r.entry, m);
  }
  return {
    entry: { module: entry as never },
    routes: manifest,
    assets: { entry: { imports: [], module: "/entry.client.js" }, routes: assets, url: "/manifest.js", version: "test" },
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: { v8_passThroughRequests: false, v8_trailingSlashAwareDataRequests: true, v8_middleware: false },
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
  } satisfies ServerBuild;
}
