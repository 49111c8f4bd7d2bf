import type { TaxAmounts, TaxAppliesTo, TaxCodePart, TaxKind, TaxRounding } from "./tax.types.ts";

/*
 * The tax of an entry's lines (decision 112): pure, exact, shared by the entry form's preview and the server's posting.
 *
 * Amounts are signed cents (debit positive). A rate is a percentage with 4 decimals, held as an integer of
 * millionths (21.0000 % = 210000 / 1,000,000), so every product is exact and rounding happens once, where the rule says:
 * half away from zero, to the cent.
 *
 * - A part on the taxed line's side: output tax on a sale (a credit), input tax on a purchase (a debit). The part that is
 *   due on a purchase (a reverse charge: the buyer owes the tax the supplier did not charge) is on the other side.
 *   The parts on the line's side are what the document charged: tax-exclusive, they are added to the line; tax-inclusive,
 *   they are taken out of it. A reverse charge's due and deductible parts cancel: the document charged none.
 * - A deductible part's recoverable share is posted to its account; the rest stays on the taxed line (it is a cost).
 * - Rounding per line: each line's tax is rounded. Rounding per document: each code's part is rounded once on the sum of
 *   its lines' bases, and shared out over the lines by largest remainder (so a line's share is within a cent of its
 *   exact tax, and the shares add up to the rounded total). Either way the tax lines posted are one per code and part,
 *   the sum of the lines' shares: per line, that sum differs from the document's rounded tax by at most half a cent per
 *   line (the property test says so); per document, not at all.
 * - Tax-inclusive, the charged tax comes first (rounded once per line or per document and code, from the gross amount
 *   at the code's charged rate); the base is the gross less it; the parts are computed on the base and the largest part
 *   on the line's side absorbs the cent by which their rounded sum misses the charged tax, so the lines still add up to
 *   the gross typed.
 * - A tax amount typed over the computed one (a supplier's invoice says 763.64 where 763.63 was computed) is accepted
 *   within a tolerance of one cent per taxed line of the code (at least one cent); tax-inclusive, the code's last taxed
 *   line absorbs the difference so that the gross stays as typed.
 */

export const RATE_SCALE = 1_000_000n;

export type MathPart = Omit<TaxCodePart, "boxes">;

export interface MathCode {
  id: number;
  code: string;
  name: string;
  kind: TaxKind;
  applies_to: TaxAppliesTo;
  parts: MathPart[];
}

export interface MathLine {
  account_id: number;
  description: string | null;
  /** Signed cents, debit positive: the amount typed. */
  amount: bigint;
  tax_code_id: number | null;
}

export interface TaxOverride {
  tax_code_id: number;
  part_no: number;
  /** Signed cents, debit positive, as the tax line is to be posted. */
  amount: bigint;
}

export interface PostedLine {
  account_id: number;
  description: string | null;
  /** Signed cents, debit positive. */
  amount: bigint;
  tax_code_id: number | null;
  tax_part_no: number | null;
  /** Signed cents, debit positive: the taxable base (a taxed line), the base the part was computed on (a tax line). */
  tax_base: bigint | null;
}

export interface TaxedEntry {
  /** The lines typed (their amounts net of the tax taken out or with the part not recovered), then one tax line per code and part. */
  lines: PostedLine[];
  /** Per code and part: the tax computed before any override, to show beside what is posted. */
  computed: { tax_code_id: number; part_no: number; amount: bigint; tolerance: bigint }[];
}

/** "21.0000", "21", "0.25" as millionths; null when not a percentage with at most 4 decimals. */
export function rateMillionths(rate: string): bigint | null {
  const m = /^(\d{1,3})(?:\.(\d{1,4}))?$/.exec(rate.trim());
  if (!m) return null;
  return BigInt(m[1]!) * 10_000n + BigInt((m[2] ?? "").padEnd(4, "0"));
}

/** n / d rounded half away from zero (d > 0). */
export function roundDiv(n: bigint, d: bigint): bigint {
  const q = n / d;
  const r = n % d;
  if (2n * (r < 0n ? -r : r) >= d) return q + (n < 0n ? -1n : 1n);
  return q;
}

const abs = (n: bigint): bigint => (n < 0n ? -n : n);

/** +1 when the part is on the taxed line's side, -1 when on the other (the due part of a purchase). */
export const partSide = (code: Pick<MathCode, "applies_to">, part: Pick<MathPart, "role">): 1n | -1n =>
  code.applies_to === "purchases" && part.role === "due" ? -1n : 1n;

/** The rate the document charged: the parts on the line's side less those on the other, in millionths. */
export function chargedRate(code: MathCode): bigint {
  return code.parts.reduce((sum, p) => sum + partSide(code, p) * (rateMillionths(p.rate) ?? 0n), 0n);
}

/** n / d rounded down, towards minus infinity (d > 0). */
const floorDiv = (n: bigint, d: bigint): bigint => (n >= 0n ? n / d : -((-n + d - 1n) / d));

/**
 * Shares `total` out over `weights` (exact numerators over a common denominator `den`) by largest remainder: each share
 * is its weight's floor or the cent above, and the shares add up to `total` (which must be the rounded sum; a total
 * further off moves the shares with the largest, or for a smaller total the smallest, remainders by a cent each, in turn).
 */
export function shareOut(total: bigint, weights: bigint[], den: bigint): bigint[] {
  if (weights.length === 0) return [];
  const shares = weights.map((w) => floorDiv(w, den));
  const order = weights
    .map((w, i) => ({ i, rem: w - shares[i]! * den }))
    .sort((a, b) => (a.rem === b.rem ? a.i - b.i : a.rem > b.rem ? -1 : 1));
  let left = total - shares.reduce((a, b) => a + b, 0n);
  for (let k = 0; left > 0n; k = (k + 1) % order.length, left--) shares[order[k]!.i]! += 1n;
  for (let k = order.length - 1; left < 0n; k = (k - 1 + order.length) % order.length, left++) shares[order[k]!.i]! -= 1n;
  return shares;
}

interface CodeGroup {
  code: MathCode;
  /** Indexes of the taxed lines into the input. */
  lines: number[];
}

/**
 * The entry's lines with their tax: taxed lines net of the tax taken out (inclusive) or with the part not recovered
 * added (a cost), then one tax line per code and part. Codes must be given for every `tax_code_id` used; overrides
 * outside the tolerance are reported by `overrideOutside` before this is called (the server refuses them with a 400).
 */
export function taxEntry(
  input: MathLine[],
  codes: Map<number, MathCode>,
  amounts: TaxAmounts,
  rounding: TaxRounding,
  overrides: TaxOverride[] = [],
): TaxedEntry {
  const groups = new Map<number, CodeGroup>();
  input.forEach((l, i) => {
    if (l.tax_code_id == null) return;
    const code = codes.get(l.tax_code_id);
    if (!code) throw new Error(`tax code ${l.tax_code_id} not given`);
    const g = groups.get(code.id) ?? { code, lines: [] };
    g.lines.push(i);
    groups.set(code.id, g);
  });

  const base = input.map((l) => l.amount);
  const extra = input.map(() => 0n); // the part of a deductible tax not recovered, added to its line
  const taxLines: PostedLine[] = [];
  const computed: TaxedEntry["computed"] = [];

  for (const { code, lines } of groups.values()) {
    const charged = chargedRate(code);
    // Tax-inclusive: the charged tax is taken out of each line's gross first.
    const chargedTax = lines.map(() => 0n);
    if (amounts === "inclusive" && charged !== 0n) {
      const den = RATE_SCALE + charged;
      const exact = lines.map((i) => input[i]!.amount * charged);
      const taken =
        rounding === "line"
          ? exact.map((n) => roundDiv(n, den))
          : shareOut(roundDiv(exact.reduce((a, b) => a + b, 0n), den), exact, den);
      lines.forEach((i, k) => {
        chargedTax[k] = taken[k]!;
        base[i] = input[i]!.amount - taken[k]!;
      });
    }
    // Each part on the bases.
    const perPart = code.parts.map((part) => {
      const rate = rateMillionths(part.rate) ?? 0n;
      const side = partSide(code, part);
      const exact = lines.map((i) => base[i]! * rate * side);
      const shares =
        rounding === "line"
          ? exact.map((n) => roundDiv(n, RATE_SCALE))
          : shareOut(roundDiv(exact.reduce((a, b) => a + b, 0n), RATE_SCALE), exact, RATE_SCALE);
      return { part, side, rate, shares };
    });
    if (amounts === "inclusive" && charged !== 0n) {
      // The parts on the line's side must add up to the tax taken out: the largest absorbs the rounding cent.
      const onSide = perPart.filter((p) => p.side === 1n).sort((a, b) => (a.rate === b.rate ? 0 : a.rate > b.rate ? -1 : 1));
      const biggest = onSide[0];
      if (biggest) {
        lines.forEach((_, k) => {
          // The shares are signed as posted: the charged tax is their sum.
          const diff = chargedTax[k]! - perPart.reduce((sum, p) => sum + p.shares[k]!, 0n);
          biggest.shares[k]! += diff;
        });
      }
    }
    for (const { part, shares } of perPart) {
      const total = shares.reduce((a, b) => a + b, 0n);
      const tolerance = BigInt(Math.max(1, lines.length));
      computed.push({ tax_code_id: code.id, part_no: part.part_no, amount: total, tolerance });
      let posted = total;
      const typed = overrides.find((o) => o.tax_code_id === code.id && o.part_no === part.part_no);
      if (typed && abs(typed.amount - total) <= tolerance) {
        posted = typed.amount;
        const diff = posted - total;
        if (amounts === "inclusive" && partSide(code, part) === 1n) {
          const last = lines[lines.length - 1]!;
          base[last] = base[last]! - diff;
        }
        // Shared out again so that the recovered share below follows what is posted.
        shares[shares.length - 1]! += diff;
      }
      let recovered = posted;
      if (part.role === "deductible") {
        const pct = rateMillionths(part.recoverable_percent) ?? 1_000_000n;
        if (pct !== 1_000_000n) {
          const lineRecovered = shares.map((s) => roundDiv(s * pct, 1_000_000n));
          lines.forEach((i, k) => (extra[i]! += shares[k]! - lineRecovered[k]!));
          recovered = lineRecovered.reduce((a, b) => a + b, 0n);
        }
      }
      if (recovered !== 0n) {
        const codeBase = lines.reduce((s, i) => s + base[i]!, 0n);
        taxLines.push({
          account_id: part.account_id,
          description: `${code.name}: ${part.name}`.slice(0, 500),
          amount: recovered,
          tax_code_id: code.id,
          tax_part_no: part.part_no,
          tax_base: codeBase,
        });
      }
    }
  }

  const lines: PostedLine[] = input.map((l, i) => ({
    account_id: l.account_id,
    description: l.description,
    amount: base[i]! + extra[i]!,
    tax_code_id: l.tax_code_id,
    tax_part_no: null,
    tax_base: l.tax_code_id == null ? null : base[i]!,
  }));
  return { lines: [...lines, ...taxLines], computed };
}

/** The first override further from the computed tax than its tolerance, to be refused naming it. */
export function overrideOutside(
  computed: TaxedEntry["computed"],
  overrides: TaxOverride[],
): { override: TaxOverride; index: number; computed: bigint | null } | null {
  for (const [index, o] of overrides.entries()) {
    const c = computed.find((x) => x.tax_code_id === o.tax_code_id && x.part_no === o.part_no);
    if (!c) return { override: o, index, computed: null };
    if (abs(o.amount - c.amount) > c.tolerance) return { override: o, index, computed: c.amount };
  }
  return null;
}
