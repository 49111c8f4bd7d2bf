/**
 * The cycles between the project's own modules (`src/`), type-only imports included: each cycle is a strongly
 * connected group of two or more files, found with Tarjan's algorithm over every import, `import type` and
 * `export … from`. `node scripts/import-cycles.mjs` prints them; the boundaries test asks for none.
 */
import { readdirSync, readFileSync, existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(["'])([^"'\n]+)\1/g;

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === "+types" ? [] : sourceFiles(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** Each file's imports of other files under `src/`, as absolute paths. */
export function importGraph(root) {
  const src = path.join(root, "src");
  const graph = new Map();
  for (const file of sourceFiles(src)) {
    const text = readFileSync(file, "utf8").replace(/\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm, "");
    const targets = new Set();
    for (const [, , spec] of text.matchAll(SPECIFIER)) {
      let target;
      if (spec.startsWith("~/")) target = path.join(src, spec.slice(2));
      else if (spec.startsWith(".")) target = path.resolve(path.dirname(file), spec);
      else continue;
      if (existsSync(target)) targets.add(target);
    }
    graph.set(file, [...targets]);
  }
  return graph;
}

/** The groups of files that import each other, directly or through others (repository-relative paths). */
export function importCycles(root) {
  const graph = importGraph(root);
  const index = new Map(),
    low = new Map(),
    stack = [],
    onStack = new Set(),
    groups = [];
  let next = 0;
  const visit = (v) => {
    index.set(v, next);
    low.set(v, next);
    next++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) === index.get(v)) {
      const group = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        group.push(path.relative(root, w));
      } while (w !== v);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return groups;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const cycles = importCycles(process.cwd());
  for (const group of cycles) console.log(group.join("\n  ↔ "), "\n");
  console.log(`${cycles.length} cycle(s)`);
  process.exitCode = cycles.length ? 1 : 0;
}
