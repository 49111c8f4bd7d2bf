import { useState } from "react";
import { ConfirmDialog } from "~/ui/confirm-dialog.tsx";
import type { BankAccount } from "../bank.types.ts";
import type { RulesPreview } from "../bank-rules.types.ts";
import { postRules, previewRules } from "../bank-rules.api.ts";

import { useBooksOrgId, useMoney } from "~/features/ledger/index.ts";
import { useAction } from "~/ui/use-action.ts";
import { useLoad } from "~/ui/use-load.ts";

const lines = (n: number) => `${n} line${n === 1 ? "" : "s"}`;
const cell = "px-2 py-1.5 text-right tabular-nums";

/**
 * "Post the lines rules choose an account for", asked first: how many lines, from when to when, money in and out,
 * by account. What is posted is what was shown (the preview's fingerprint; when it changed, the preview is read again),
 * as one batch that the rules page can undo while none of its lines is reconciled.
 */
export function PostRulesDialog({
  open,
  account,
  onOpenChange,
}: {
  open: boolean;
  account: BankAccount;
  onOpenChange: (open: boolean) => void;
}) {
  const orgId = useBooksOrgId();
  const { act } = useAction();
  /** The preview's reading: a new one each time the dialog closes, and after the lines changed under it (409). */
  const [reading, setReading] = useState(0);
  const preview = useLoad(
    open ? `${orgId}:${account.id}:${reading}` : null,
    () =>
      previewRules(orgId, account.id).then((res) => {
        // What cannot be read cannot be posted: the dialog closes (the failure is told by its toast).
        if (!res.ok) onOpenChange(false);
        return res;
      }),
    "What the rules choose could not be read",
  );
  const openChange = (o: boolean) => {
    if (!o) setReading((n) => n + 1);
    onOpenChange(o);
  };

  async function post(p: RulesPreview): Promise<boolean> {
    const res = await act(() => postRules(orgId, account.id, p.fingerprint), {
      failure: "Nothing posted",
      success: ({ entries }) => `${lines(entries)} posted by rules`,
      description: "The batch can be undone from Bank rules while none of its lines is reconciled.",
    });
    if (!res.ok && res.status === 409) setReading((n) => n + 1);
    return res.ok;
  }

  const { money } = useMoney();
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={openChange}
      title="Post what the rules choose?"
      description={
        !preview
          ? "Reading what the rules choose..."
          : preview.lines === 0
            ? "No statement line waits for a rule's account now."
            : `${lines(preview.lines)} of ${account.name}, ${preview.first_date} to ${preview.last_date}: each becomes a posted entry matched to its line.`
      }
      confirmLabel={preview && preview.lines > 0 ? `Post ${lines(preview.lines)}` : "Post"}
      busyLabel="Posting..."
      variant="accent"
      confirmDisabled={!preview || preview.lines === 0}
      onConfirm={() => (preview ? post(preview) : false)}
    >
      {preview && preview.lines > 0 ? (
        <div className="space-y-3 text-sm text-ink">
          <div className="overflow-x-auto rounded-md border border-slate-200">
            <table className="min-w-full">
              <caption className="sr-only">What the rules post, by account</caption>
              <thead className="bg-slate-50 text-left text-xs font-semibold text-muted">
                <tr>
                  <th scope="col" className="px-2 py-1.5">
                    Account
                  </th>
                  <th scope="col" className={cell}>
                    Lines
                  </th>
                  <th scope="col" className={cell}>
                    In
                  </th>
                  <th scope="col" className={cell}>
                    Out
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {preview.by_account.map((a) => (
                  <tr key={a.account_id}>
                    <td className="px-2 py-1.5">
                      <span className="font-mono">{a.account_code}</span> {a.account_name}
                    </td>
                    <td className={cell}>{a.lines}</td>
                    <td className={cell}>{money(a.money_in)}</td>
                    <td className={cell}>{money(a.money_out)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot className="border-t border-slate-200 font-semibold">
                <tr>
                  <th scope="row" className="px-2 py-1.5 text-left">
                    Total
                  </th>
                  <td className={cell}>{preview.lines}</td>
                  <td className={cell}>{money(preview.money_in)}</td>
                  <td className={cell}>{money(preview.money_out)}</td>
                </tr>
              </tfoot>
            </table>
          </div>
          <p>The batch can be undone as one from Bank rules while none of its lines is reconciled.</p>
        </div>
      ) : null}
    </ConfirmDialog>
  );
}
