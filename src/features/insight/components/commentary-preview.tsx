import type { FigureValues } from "../commentary-figures.ts";
import type { CommentaryInput } from "../commentary.schema.ts";
import { CommentaryLine, CommentaryText } from "./commentary-text.tsx";

/** What the client will read, as typed so far, its figures filled in from the posted books of the month. */
export function CommentaryPreview({ label, text, figures }: { label: string; text: CommentaryInput; figures: FigureValues }) {
  return (
    <section aria-labelledby="commentary-preview-heading" className="rounded-lg border border-dashed border-slate-300 bg-slate-50 p-4">
      <h3 id="commentary-preview-heading" className="text-base font-semibold text-ink">
        Preview
      </h3>
      <p className="text-sm text-muted">As the client will read it, figures filled in from the posted books for {label}.</p>
      <div className="mt-3 space-y-3 text-slate-800">
        <p className="text-lg font-semibold text-ink">
          {text.headline ? <CommentaryLine text={text.headline} figures={figures} /> : "(No headline yet)"}
        </p>
        {text.changes?.trim() ? (
          <div>
            <h4 className="font-semibold text-ink">What changed and why</h4>
            <CommentaryText text={text.changes} figures={figures} />
          </div>
        ) : null}
        {text.actions?.trim() ? (
          <div>
            <h4 className="font-semibold text-ink">What to do</h4>
            <CommentaryText text={text.actions} figures={figures} />
          </div>
        ) : null}
      </div>
    </section>
  );
}
