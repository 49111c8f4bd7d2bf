import { useState } from "react";
import { Button } from "~/ui/button.tsx";
import { ConfirmDialog } from "~/ui/confirm-dialog.tsx";
import { useAction } from "~/ui/use-action.ts";
import { formatDateTime } from "~/lib/format.ts";
import { useBooks, useBooksOrgId } from "~/features/ledger/index.ts";
import { commentaryStep } from "../commentary.api.ts";
import type { Commentary, CommentaryStatus } from "../commentary.types.ts";

export const STATUS_LABELS: Record<CommentaryStatus, string> = { draft: "Draft", reviewed: "Reviewed", published: "Published" };

/** Who wrote, reviewed and published the commentary, and when. */
export function CommentaryHistory({ commentary: c }: { commentary: Commentary }) {
  const step = (what: string, s: { by: string | null; at: string } | null) =>
    s ? (
      <li>
        {what} by {s.by ?? "a former member"}, {formatDateTime(s.at)}
      </li>
    ) : null;
  return (
    <ul className="text-sm text-muted">
      {step("Written", c.written)}
      {step("Reviewed", c.reviewed)}
      {step("Published", c.published)}
    </ul>
  );
}

type Step = "review" | "publish" | "withdraw";

const TEXTS: Record<Step, { failure: string; success: string }> = {
  review: { failure: "Not reviewed", success: "Commentary reviewed: it can be published" },
  publish: { failure: "Not published", success: "Commentary published: the client is told by mail" },
  withdraw: { failure: "Not withdrawn", success: "Commentary withdrawn: it is a draft again" },
};

/**
 * Review (by someone other than its last writer), Publish (once reviewed: the client sees it and is mailed) and
 * Withdraw (a published one back to draft), as the commentary's state and the reader's permissions allow. Unsaved
 * changes are saved first: a review is of what is saved.
 */
export function CommentaryActions({
  month,
  label,
  commentary: c,
  dirty,
}: {
  month: string;
  label: string;
  commentary: Commentary;
  dirty: boolean;
}) {
  const orgId = useBooksOrgId();
  const { can, userId } = useBooks();
  const { act, pending } = useAction();
  const [asking, setAsking] = useState<Step | null>(null);
  if (!can["books.commentary.publish"]) return null;
  const run = async (step: Step) => (await act(() => commentaryStep(orgId, month, step), TEXTS[step])).ok;
  const ownWriting = c.written.user_id === userId;
  return (
    <div className="flex flex-wrap items-center gap-3">
      {c.status === "draft" ? (
        <>
          <Button type="button" variant="secondary" disabled={pending || dirty || ownWriting} onClick={() => void run("review")}>
            Mark reviewed
          </Button>
          <p className="text-sm text-muted">
            {ownWriting
              ? "You wrote it last: another of the firm's people reviews it."
              : dirty
                ? "Save the draft before reviewing it."
                : "Read it and its preview, then mark it reviewed."}
          </p>
        </>
      ) : null}
      {c.status === "reviewed" ? (
        <ConfirmDialog
          open={asking === "publish"}
          onOpenChange={(o) => setAsking(o ? "publish" : null)}
          title={`Publish the commentary for ${label}?`}
          description="The client reads it on her home, its figures filled in from the posted books, and her owners are told by mail. It is the first page of this month's packs prepared from now on."
          confirmLabel="Publish"
          busyLabel="Publishing..."
          trigger={
            <Button type="button" disabled={pending || dirty}>
              Publish
            </Button>
          }
          onConfirm={() => run("publish")}
        />
      ) : null}
      {c.status === "published" ? (
        <ConfirmDialog
          open={asking === "withdraw"}
          onOpenChange={(o) => setAsking(o ? "withdraw" : null)}
          title={`Withdraw the commentary for ${label}?`}
          description="The client no longer sees it; it becomes a draft to change, review and publish again. Packs already prepared keep it."
          confirmLabel="Withdraw"
          busyLabel="Withdrawing..."
          variant="danger"
          trigger={
            <Button type="button" variant="secondary" disabled={pending}>
              Withdraw
            </Button>
          }
          onConfirm={() => run("withdraw")}
        />
      ) : null}
    </div>
  );
}
