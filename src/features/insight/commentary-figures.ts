import { centsToDecimal, toCents } from "~/lib/money.ts";
import { moneyIn } from "~/lib/format.ts";

/*
 * The figures a monthly commentary inserts (decision 122): tokens in its text, "{{revenue}}", "{{cash:change_month}}",
 * "{{account:6100:movement}}", filled in when the commentary is read, from the posted ledger of its month. Pure: the
 * schema checks the tokens with it, the editor's preview and the client's home fill them in with it, and so does the
 * month-end pack's page.
 */

/** The month's figures of the owner's dashboard (decision 121), by token name. */
export const FIGURE_METRICS = {
  revenue: "Revenue",
  gross_margin: "Gross margin",
  net_income: "Net income",
  operating_expenses: "Operating expenses",
  cash: "Cash at month end",
} as const;
export type FigureMetric = keyof typeof FIGURE_METRICS;
export const METRIC_NAMES = Object.keys(FIGURE_METRICS) as FigureMetric[];

/** How a metric is read: the month's figure, its change from last month, the same month last year, the change from it. */
export const FIGURE_VARIANTS = {
  "": "",
  change_month: "change from last month",
  last_year: "same month last year",
  change_year: "change from the same month last year",
} as const;
export type FigureVariant = keyof typeof FIGURE_VARIANTS;
export const VARIANT_NAMES = Object.keys(FIGURE_VARIANTS) as FigureVariant[];

/** An account's figure: what moved on it in the month, or its balance at the month's end. */
export const ACCOUNT_FIGURES = { movement: "movement in the month", balance: "balance at month end" } as const;
export type AccountFigure = keyof typeof ACCOUNT_FIGURES;

export type FigureToken =
  { kind: "metric"; metric: FigureMetric; variant: FigureVariant } | { kind: "account"; code: string; figure: AccountFigure };

/** A token as it is written in the text, braces included. */
const TOKEN = /\{\{([^{}]*)\}\}/g;
const METRIC_TOKEN = new RegExp(`^(${METRIC_NAMES.join("|")})(?::(${VARIANT_NAMES.filter(Boolean).join("|")}))?$`);
const ACCOUNT_TOKEN = /^account:([A-Za-z0-9][A-Za-z0-9.-]{0,19}):(movement|balance)$/;

/** A token's inside ("revenue:change_month") read, or null when it names no figure. */
export function parseToken(inside: string): FigureToken | null {
  const metric = METRIC_TOKEN.exec(inside);
  if (metric) return { kind: "metric", metric: metric[1] as FigureMetric, variant: (metric[2] ?? "") as FigureVariant };
  const account = ACCOUNT_TOKEN.exec(inside);
  if (account) return { kind: "account", code: account[1]!, figure: account[2] as AccountFigure };
  return null;
}

/** The token of a figure, as the menu inserts it. */
export function tokenText(t: FigureToken): string {
  return t.kind === "metric" ? `{{${t.metric}${t.variant ? `:${t.variant}` : ""}}}` : `{{account:${t.code}:${t.figure}}}`;
}

/** What a token shows in words ("Revenue, change from last month"). */
export function tokenLabel(t: FigureToken, accountName?: string): string {
  if (t.kind === "account") return `${t.code}${accountName ? ` ${accountName}` : ""}, ${ACCOUNT_FIGURES[t.figure]}`;
  return t.variant ? `${FIGURE_METRICS[t.metric]}, ${FIGURE_VARIANTS[t.variant]}` : FIGURE_METRICS[t.metric];
}

/** The problem with a text's figures, or null: a token that names no figure, or braces left open. */
export function tokenProblem(text: string): string | null {
  for (const m of text.matchAll(TOKEN)) if (!parseToken(m[1]!)) return `Unknown figure ${m[0]}: choose one from the figure menu`;
  const rest = text.replace(TOKEN, "");
  if (rest.includes("{{") || rest.includes("}}")) return "A figure is not closed: write it as {{name}}, or choose one from the menu";
  return null;
}

/** The account codes a text's figures name. */
export function tokenAccounts(texts: string[]): string[] {
  const codes = new Set<string>();
  for (const text of texts)
    for (const m of text.matchAll(TOKEN)) {
      const t = parseToken(m[1]!);
      if (t?.kind === "account") codes.add(t.code);
    }
  return [...codes];
}

/** A piece of text as drawn: words as written, or a figure filled in (its value, and what it is). */
export type Segment = { text: string } | { figure: string; value: string; label: string };

/** Values of the figures by token ("{{revenue}}" → "$12,000.00"); a figure missing from it shows "(unknown)". */
export type FigureValues = Record<string, { value: string; label: string }>;

/** A text cut into words and filled-in figures. */
export function segments(text: string, values: FigureValues): Segment[] {
  const out: Segment[] = [];
  let at = 0;
  for (const m of text.matchAll(TOKEN)) {
    if (m.index > at) out.push({ text: text.slice(at, m.index) });
    const known = values[m[0]];
    out.push({ figure: m[0], value: known?.value ?? "(unknown)", label: known?.label ?? m[0] });
    at = m.index + m[0].length;
  }
  if (at < text.length) out.push({ text: text.slice(at) });
  return out;
}

/** A text with its figures filled in, as plain text (the PDF, the mail). */
export function fillIn(text: string, values: FigureValues): string {
  return segments(text, values)
    .map((s) => ("text" in s ? s.text : s.value))
    .join("");
}

/** The amounts of a metric: the month's, last month's, the same month last year's (decimal strings). */
export interface MetricAmounts {
  month: string;
  lastMonth: string;
  lastYear: string;
}

/** A change as written: "+$1,200.00 (+11.1%)", "-$300.00 (-4.0%)"; no per cent from zero. */
export function changeText(from: string, to: string, currency: string): string {
  const a = toCents(from) ?? 0n;
  const b = toCents(to) ?? 0n;
  const diff = b - a;
  const amount = `${diff > 0n ? "+" : ""}${moneyIn(currency).money(centsToDecimal(diff))}`;
  if (a === 0n) return amount;
  // Tenths of a per cent of the earlier amount's size, rounded half away from zero.
  const base = a < 0n ? -a : a;
  const tenths = (diff * 2000n + (diff < 0n ? -base : base)) / (2n * base);
  const abs = tenths < 0n ? -tenths : tenths;
  return `${amount} (${tenths > 0n ? "+" : tenths < 0n ? "-" : ""}${abs / 10n}.${abs % 10n}%)`;
}

/** Every metric token's value and label from the metrics' amounts. */
export function metricValues(amounts: Record<FigureMetric, MetricAmounts>, currency: string): FigureValues {
  const money = moneyIn(currency).money;
  const out: FigureValues = {};
  for (const metric of METRIC_NAMES) {
    const a = amounts[metric];
    const value: Record<FigureVariant, string> = {
      "": money(a.month),
      change_month: changeText(a.lastMonth, a.month, currency),
      last_year: money(a.lastYear),
      change_year: changeText(a.lastYear, a.month, currency),
    };
    for (const variant of VARIANT_NAMES) {
      const t: FigureToken = { kind: "metric", metric, variant };
      out[tokenText(t)] = { value: value[variant], label: tokenLabel(t) };
    }
  }
  return out;
}

/** An account as the figure menu offers it, with its figures of the month (decimal strings, in its normal sign). */
export interface AccountAmounts {
  code: string;
  name: string;
  movement: string;
  balance: string;
}

/** Every account token's value and label. */
export function accountValues(accounts: AccountAmounts[], currency: string): FigureValues {
  const money = moneyIn(currency).money;
  const out: FigureValues = {};
  for (const a of accounts)
    for (const figure of Object.keys(ACCOUNT_FIGURES) as AccountFigure[]) {
      const t: FigureToken = { kind: "account", code: a.code, figure };
      out[tokenText(t)] = { value: money(a[figure]), label: tokenLabel(t, a.name) };
    }
  return out;
}
