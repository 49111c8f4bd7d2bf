import { segments, type FigureValues } from "../commentary-figures.ts";

/**
 * A commentary's text as read: a paragraph per line, each figure filled in from the ledger and set in bold. A figure
 * the ledger cannot fill (an account since renamed away) reads "(unknown)".
 */
export function CommentaryText({ text, figures, className = "space-y-2" }: { text: string; figures: FigureValues; className?: string }) {
  const paragraphs = text
    .split(/\n+/)
    .map((p) => p.trim())
    .filter(Boolean);
  if (paragraphs.length === 0) return null;
  return (
    <div className={className}>
      {paragraphs.map((p, i) => (
        <p key={i}>
          <CommentaryLine text={p} figures={figures} />
        </p>
      ))}
    </div>
  );
}

/** One line of a commentary (a headline, a paragraph), its figures filled in and in bold. */
export function CommentaryLine({ text, figures }: { text: string; figures: FigureValues }) {
  return (
    <>
      {segments(text, figures).map((s, i) =>
        "text" in s ? (
          <span key={i}>{s.text}</span>
        ) : (
          <strong key={i} className="font-semibold text-ink" title={s.label}>
            {s.value}
          </strong>
        ),
      )}
    </>
  );
}
