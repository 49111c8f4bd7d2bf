import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { setServerErrors } from "~/lib/form.ts";
import { Button } from "~/ui/button.tsx";
import { ConfirmDialog } from "~/ui/confirm-dialog.tsx";
import { InputField } from "~/ui/field.tsx";
import { yearEndCloseSchema, type YearEndCloseInput } from "../year-end-close.schema.ts";
import type { YearEndClose } from "../year-end-close.types.ts";
import { reopenYear } from "../closing.api.ts";
import { useBooks, useBooksOrgId } from "./books-context.tsx";
import { useAction } from "~/ui/use-action.ts";
import { formatDateTime } from "~/lib/format.ts";

/** The closed fiscal years, the latest first; a standing close can be reopened (owners and accountants), with a reason. */
export function YearEndClosesList({ closes }: { closes: YearEndClose[] }) {
  const uid = useId();
  const { can } = useBooks();
  return (
    <div>
      <h4 id={`${uid}-closed`} className="text-base font-semibold text-ink">
        Closed years
      </h4>
      {closes.length === 0 ? (
        <p className="mt-2 text-sm text-muted">No fiscal year has been closed.</p>
      ) : (
        <ul aria-labelledby={`${uid}-closed`} className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200 text-sm">
          {closes.map((c) => (
            <li key={`${c.entry_id}`} className="flex flex-wrap items-start justify-between gap-3 p-3" data-testid="closed-year">
              <div>
                <p className="font-semibold text-ink">
                  {c.label} {c.reopened ? "(reopened)" : "closed"} · {c.entry_number}
                </p>
                <p className="text-ink">{c.reason}</p>
                <p className="text-muted">
                  {c.closed_by ?? "A former member"}, {formatDateTime(c.closed_at)}
                </p>
                {c.reopened ? (
                  <p className="mt-1 text-muted">
                    Reopened by {c.reopened.by ?? "a former member"}, {formatDateTime(c.reopened.at)} ({c.reopened.entry_number}):{" "}
                    {c.reopened.reason}
                  </p>
                ) : null}
              </div>
              {can["books.close"] && !c.reopened ? <ReopenButton close={c} /> : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function ReopenButton({ close }: { close: YearEndClose }) {
  const uid = useId();
  const orgId = useBooksOrgId();
  const { act } = useAction();
  const [open, setOpen] = useState(false);
  const { register, handleSubmit, setError, reset, formState } = useForm<YearEndCloseInput>({
    resolver: zodResolver(yearEndCloseSchema),
    defaultValues: { fiscal_year: close.fiscal_year, reason: "" },
  });
  async function reopen(): Promise<boolean> {
    let ok = false;
    await handleSubmit(async (values) => {
      const res = await act(() => reopenYear(orgId, values), {
        failure: "Year not reopened",
        success: `${close.label} reopened: closing entry reversed`,
      });
      if (!res.ok) setServerErrors(setError, res.fields);
      ok = res.ok;
    })();
    if (ok) reset();
    return ok;
  }
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      title={`Reopen ${close.label}?`}
      description={`The closing entry ${close.entry_number} is reversed on ${close.end} and the lock moves back to where it was before the close.`}
      confirmLabel="Reopen the year"
      busyLabel="Reopening..."
      variant="danger"
      trigger={
        <Button size="sm" variant="secondary">
          Reopen {close.label}
        </Button>
      }
      onConfirm={reopen}
    >
      <InputField id={`${uid}-reason`} label="Reason for reopening" error={formState.errors.reason?.message} {...register("reason")} />
    </ConfirmDialog>
  );
}
