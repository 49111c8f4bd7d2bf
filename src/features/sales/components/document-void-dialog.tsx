import { useId, type ReactNode } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "zod";
import { Button } from "~/ui/button.tsx";
import { InputField } from "~/ui/field.tsx";
import { Modal } from "~/ui/modal.tsx";
import { useAction } from "~/ui/use-action.ts";
import { isoDateField } from "~/lib/schema-fields.ts";
import { useBooksOrgId } from "~/features/ledger/index.ts";
import { EARLIEST_ENTRY_DATE } from "~/features/ledger/ledger.schema.ts";
import { KIND_LABELS } from "../document-math.ts";
import { voidDocument } from "../documents.api.ts";
import type { DocumentDetails } from "../sales.types.ts";

const voidFormSchema = z.object({ date: isoDateField("Date of the reversal", { min: EARLIEST_ENTRY_DATE }) });

/**
 * Voids an approved document (POST /documents/:id/void): its entry is reversed on the date asked (the document's own
 * date to start with; a later one when that period is closed), and the reversal settles what is owed. Refused while
 * payments or credits are allocated to it: they are undone first.
 */
export function DocumentVoidDialog({
  open,
  onOpenChange,
  trigger,
  document,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opens it (the focus goes back to it when it closes). */
  trigger?: ReactNode;
  document: DocumentDetails;
}) {
  const label = `${KIND_LABELS[document.kind]} ${document.number}`;
  const allocated = document.payments.some((p) => !p.undone);
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      trigger={trigger}
      title={`Void ${label}?`}
      description="Its entry is reversed and it is owed no more. It keeps its number; a voided document cannot be approved again."
    >
      {open ? <VoidForm document={document} blocked={allocated} onDone={() => onOpenChange(false)} /> : null}
    </Modal>
  );
}

function VoidForm({ document, blocked, onDone }: { document: DocumentDetails; blocked: boolean; onDone: () => void }) {
  const orgId = useBooksOrgId();
  const uid = useId();
  const { act, pending } = useAction();
  const { register, handleSubmit, setError, formState } = useForm<z.input<typeof voidFormSchema>>({
    resolver: zodResolver(voidFormSchema),
    defaultValues: { date: document.issue_date },
  });
  const submit = handleSubmit(async ({ date }) => {
    const res = await act(() => voidDocument(orgId, document.id, date), {
      failure: "Not voided",
      success: `${KIND_LABELS[document.kind]} ${document.number} voided`,
    });
    if (res.ok) return onDone();
    if (res.fields.date) setError("date", { message: res.fields.date });
  });
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="space-y-4">
      {blocked ? (
        <p role="alert" className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          Payments or credits are allocated to it: undo them first (under Payments and credits).
        </p>
      ) : null}
      <InputField
        id={`${uid}-date`}
        label="Date of the reversal"
        type="date"
        hint="The document's own date, unless its period is closed"
        error={formState.errors.date?.message}
        {...register("date")}
      />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" variant="danger" disabled={pending || blocked}>
          Void {KIND_LABELS[document.kind].toLowerCase()}
        </Button>
      </div>
    </form>
  );
}
