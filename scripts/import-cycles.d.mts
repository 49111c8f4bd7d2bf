/** The groups of files under src/ that import each other (repository-relative paths); see import-cycles.mjs. */
export function importCycles(root: string): string[][];
export function importGraph(root: string): Map<string, string[]>;
