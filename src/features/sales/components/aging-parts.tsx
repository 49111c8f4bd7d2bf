/** The aging's figures: each a link to the items behind it (a zero has none: it is plain text). */
import { Link } from "react-router";
import { useMoney } from "~/features/ledger/index.ts";
import type { AgingBucket, Side } from "../sales.schema.ts";
import { BUCKET_LABELS } from "./contact-parts.tsx";

/** A figure drilled into: a contact's ("none": lines naming no contact; null: every contact), a bucket's or all. */
export interface AgingDrillKey {
  contact: number | "none" | null;
  bucket: AgingBucket | "all";
}

/** The aging page's query for a side, a day and, when given, the figure drilled into. */
export function agingHref(side: Side, asOf: string, drill?: AgingDrillKey): string {
  const q = new URLSearchParams({ side, as_of: asOf });
  if (drill?.contact != null) q.set("contact", String(drill.contact));
  if (drill && (drill.bucket !== "all" || drill.contact == null)) q.set("bucket", drill.bucket);
  return `?${q.toString()}`;
}

/** What a drilled figure is, in words: "Alice Ltd, 1–30 days", "Every contact, total". */
export function drillText(drill: AgingDrillKey, contactName: string | null): string {
  const who = drill.contact == null ? "Every contact" : (contactName ?? (drill.contact === "none" ? "No contact" : "This contact"));
  return `${who}, ${drill.bucket === "all" ? "total" : BUCKET_LABELS[drill.bucket]}`;
}

const figureClass = "tabular-nums font-medium text-brand-700 underline decoration-dotted underline-offset-2 hover:text-brand-900";

/** One figure of the aging: a link to its items (its contact and bucket said to screen readers), or a zero as text. */
export function AgingFigure({
  value,
  side,
  asOf,
  drill,
  contactName,
  current,
  strong,
}: {
  value: string;
  side: Side;
  asOf: string;
  drill: AgingDrillKey;
  contactName: string | null;
  /** This figure's items are shown. */
  current: boolean;
  strong?: boolean;
}) {
  const money = useMoney();
  const text = money.money(value);
  if (/^-?0(\.0+)?$/.test(value)) return <span className="tabular-nums text-muted">{text}</span>;
  return (
    <Link
      to={agingHref(side, asOf, drill)}
      preventScrollReset
      aria-current={current ? "true" : undefined}
      className={`${figureClass} ${strong ? "font-semibold" : ""} ${current ? "rounded bg-brand-50 px-1" : ""}`}
    >
      {text}
      <span className="sr-only"> ({drillText(drill, contactName)}: show the items)</span>
    </Link>
  );
}
