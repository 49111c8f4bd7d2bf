/**
 * Accounts as a tree: each under its parent, ordered by code at every level. An account whose parent is not in the
 * list (inactive and hidden, say) stands at the top level. Pure: the chart screen and the statements share it.
 */
export interface TreeAccount {
  id: number;
  account_code: string;
  parent_id?: number | null;
}

export interface TreeItem<T> {
  account: T;
  /** 1 at the top level, as aria-level counts. */
  level: number;
  /** How many accounts are directly under it. */
  children: number;
}

const byCode = (a: TreeAccount, b: TreeAccount) => (a.account_code < b.account_code ? -1 : a.account_code > b.account_code ? 1 : 0);

/** Children of each id (null: the top level), ordered by code. */
export function childrenOf<T extends TreeAccount>(accounts: readonly T[]): Map<number | null, T[]> {
  const ids = new Set(accounts.map((a) => a.id));
  const map = new Map<number | null, T[]>();
  for (const a of accounts) {
    const parent = a.parent_id != null && ids.has(a.parent_id) && a.parent_id !== a.id ? a.parent_id : null;
    map.set(parent, [...(map.get(parent) ?? []), a]);
  }
  for (const list of map.values()) list.sort(byCode);
  return map;
}

/** Depth-first, parents before their children: the order the chart shows, with each account's level. */
export function flattenTree<T extends TreeAccount>(accounts: readonly T[]): TreeItem<T>[] {
  const children = childrenOf(accounts);
  const out: TreeItem<T>[] = [];
  const seen = new Set<number>();
  const walk = (parent: number | null, level: number) => {
    for (const a of children.get(parent) ?? []) {
      if (seen.has(a.id)) continue;
      seen.add(a.id);
      out.push({ account: a, level, children: children.get(a.id)?.length ?? 0 });
      walk(a.id, level + 1);
    }
  };
  walk(null, 1);
  return out;
}

/** The account and every account under it, however deep (a form's parent must be none of them). */
export function descendantIds(accounts: readonly TreeAccount[], id: number): Set<number> {
  const children = childrenOf(accounts);
  const out = new Set<number>([id]);
  const stack = [id];
  while (stack.length > 0) {
    for (const c of children.get(stack.pop()!) ?? [])
      if (!out.has(c.id)) {
        out.add(c.id);
        stack.push(c.id);
      }
  }
  return out;
}
