import { formatLongDate } from "~/lib/format.ts";
import type { PublishedCommentary } from "../commentary.types.ts";
import { CommentaryLine, CommentaryText } from "./commentary-text.tsx";

/**
 * The month's commentary on the client's home (decision 122): the firm's headline, what changed and why, what to do,
 * its figures filled in from the posted ledger as it is now. Only a published commentary reaches it.
 */
export function PublishedCommentaryCard({ commentary: c }: { commentary: PublishedCommentary }) {
  return (
    <section aria-labelledby="commentary-heading" className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id="commentary-heading" className="text-sm font-semibold uppercase tracking-wide text-brand-800">
        The firm&apos;s commentary on {c.label}
      </h2>
      <p className="mt-2 text-xl font-semibold text-ink">
        <CommentaryLine text={c.headline} figures={c.figures} />
      </p>
      <div className="mt-4 grid gap-6 md:grid-cols-2">
        <CommentaryPart title="What changed and why" text={c.changes} figures={c.figures} />
        <CommentaryPart title="What to do" text={c.actions} figures={c.figures} />
      </div>
      <p className="mt-4 text-sm text-muted">
        Published {formatLongDate(c.published_at)}. Figures from your posted books as they are today.
      </p>
    </section>
  );
}

function CommentaryPart({ title, text, figures }: { title: string; text: string; figures: PublishedCommentary["figures"] }) {
  if (!text.trim()) return null;
  return (
    <div>
      <h3 className="text-base font-semibold text-ink">{title}</h3>
      <CommentaryText text={text} figures={figures} className="mt-1 space-y-2 text-slate-800" />
    </div>
  );
}

/**
 * The Commentary page for a member who does not write it (the client, a viewer): the month's published commentary,
 * or a sentence saying none is; drafts never reach this page.
 */
export function CommentaryReader({ published }: { published: PublishedCommentary | null }) {
  return (
    <div className="space-y-6">
      <div>
        <h2 className="text-xl font-semibold text-ink">Monthly commentary</h2>
        <p className="mt-1 max-w-3xl text-sm text-muted">
          The firm writes how each month went, what changed and why, and what to do. The latest one is also on your home.
        </p>
      </div>
      {published ? (
        <PublishedCommentaryCard commentary={published} />
      ) : (
        <p className="text-muted">No commentary is published for this month yet.</p>
      )}
    </div>
  );
}
