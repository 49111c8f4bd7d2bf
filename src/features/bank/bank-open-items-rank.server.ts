import { centsToDecimal, toCents } from "~/lib/money.ts";
import {
  MAX_SUGGESTIONS,
  SCORE,
  SUBSET_ITEMS,
  push,
  textKeys,
  wordsOf,
  type Item,
  type OpenItemIndex,
} from "./bank-open-items-index.server.ts";
import type { OpenItemReason, OpenItemSuggestion } from "./bank-open-items.types.ts";

/* One statement line ranked against the open items' index: by amount, by reference, by contact (decision 116). */

export interface LineText {
  id: number;
  amount: string;
  description: string;
  payee: string | null;
  reference: string | null;
}

export interface Ranked {
  suggestions: OpenItemSuggestion[];
  reasons: Map<number, Set<OpenItemReason>>;
  /** Contacts the text names, and those of the items it names. */
  contacts: Set<number>;
}

/** The ways to settle one line from the index, best first. */
export function rankLine(ix: OpenItemIndex, line: LineText): Ranked {
  const cents = toCents(line.amount)!;
  const whole = cents < 0n ? -cents : cents;
  const text = [line.description, line.payee ?? "", line.reference ?? ""].join(" ");
  const words = new Set(wordsOf(text));
  const named = new Set<number>();
  for (const w of words) for (const c of ix.contactsByWord.get(w) ?? []) if (c.words.every((x) => words.has(x))) named.add(c.id);
  const referenced = new Set<Item>();
  for (const k of textKeys(text)) for (const it of ix.byKey.get(k) ?? []) referenced.add(it);

  const reasons = new Map<number, Set<OpenItemReason>>();
  const note = (it: Item, why: OpenItemReason) => {
    const set = reasons.get(it.id) ?? new Set();
    set.add(why);
    reasons.set(it.id, set);
  };
  const groups = new Map<string, OpenItemSuggestion & { due: string }>();
  const add = (allocs: [Item, bigint][], amountScore: number) => {
    if (allocs.length === 0) return;
    const key = allocs
      .map(([it]) => it.id)
      .sort((a, b) => a - b)
      .join(",");
    if (groups.has(key)) return;
    const contactId = allocs[0]![0].contactId;
    const why: OpenItemReason[] = [];
    let score = amountScore;
    if (amountScore > 0) why.push("amount");
    if (allocs.some(([it]) => referenced.has(it))) {
      why.push("reference");
      score += SCORE.reference;
    }
    if (named.has(contactId)) {
      why.push("contact");
      score += SCORE.contact;
    }
    const total = allocs.reduce((s, [, c]) => s + c, 0n);
    groups.set(key, {
      contact_id: contactId,
      contact_name: allocs[0]![0].contactName,
      allocations: allocs.map(([it, c]) => ({ item_id: it.id, amount: centsToDecimal(c) })),
      total: centsToDecimal(total),
      reasons: why,
      score,
      due: allocs[0]![0].due,
    });
  };
  /** Items oldest first, each taken whole until the line's amount is used (the last in part). */
  const upTo = (items: Iterable<Item>): [Item, bigint][] => {
    const out: [Item, bigint][] = [];
    let left = whole;
    for (const it of items) {
      if (left <= 0n) break;
      const take = it.open < left ? it.open : left;
      out.push([it, take]);
      left -= take;
    }
    return out;
  };
  const sum = (items: Item[]) => items.reduce((s, it) => s + it.open, 0n);

  // One item owing exactly the line's amount.
  for (const it of (ix.byOpen.get(whole) ?? []).slice(0, 50)) {
    note(it, "amount");
    add([[it, whole]], SCORE.single);
  }
  // The items the text names, per contact: all of them when they add up to the line, else as far as the line goes.
  const namedItems = new Map<number, Item[]>();
  for (const it of referenced) {
    note(it, "reference");
    push(namedItems, it.contactId, it);
  }
  for (const items of namedItems.values()) {
    items.sort((a, b) => a.due.localeCompare(b.due) || a.id - b.id);
    add(upTo(items), sum(items) === whole && items.length > 1 ? SCORE.combination : 0);
  }
  // A contact's oldest items adding up to the line.
  for (const { contactId, count } of (ix.prefixSums.get(whole) ?? []).slice(0, 20))
    add(
      ix.byContact
        .get(contactId)!
        .slice(0, count)
        .map((it) => [it, it.open]),
      SCORE.combination,
    );
  // The contacts the text names (or whose items it names): two or three of their items adding up to the line, and
  // their items oldest first as far as the line goes.
  const contacts = new Set([...named, ...namedItems.keys()]);
  for (const contactId of contacts) {
    const items = ix.byContact.get(contactId) ?? [];
    if (named.has(contactId)) for (const it of items) note(it, "contact");
    const few = items.slice(0, SUBSET_ITEMS);
    let found = 0;
    const takeWhole = (chosen: Item[]) => {
      add(
        chosen.map((it) => [it, it.open]),
        SCORE.combination,
      );
      found++;
    };
    for (let i = 0; i < few.length && found < 3; i++)
      for (let j = i + 1; j < few.length && found < 3; j++) {
        const two = few[i]!.open + few[j]!.open;
        if (two === whole) takeWhole([few[i]!, few[j]!]);
        else if (two < whole)
          for (let k = j + 1; k < few.length && found < 3; k++) if (two + few[k]!.open === whole) takeWhole([few[i]!, few[j]!, few[k]!]);
      }
    add(upTo(items), sum(items) === whole ? SCORE.combination : 0);
  }
  const suggestions = [...groups.values()]
    .sort(
      (a, b) =>
        b.score - a.score ||
        a.allocations.length - b.allocations.length ||
        a.due.localeCompare(b.due) ||
        a.allocations[0]!.item_id - b.allocations[0]!.item_id,
    )
    .slice(0, MAX_SUGGESTIONS)
    .map(({ due: _due, ...s }) => s);
  return { suggestions, reasons, contacts };
}
