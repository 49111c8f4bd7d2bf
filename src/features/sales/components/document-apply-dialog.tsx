import { useId, useRef, type ReactNode } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "zod";
import { decimalField, InputField } from "~/ui/field.tsx";
import { Modal } from "~/ui/modal.tsx";
import { useAction } from "~/ui/use-action.ts";
import { centsToDecimal, toCents } from "~/lib/money.ts";
import { idField } from "~/lib/schema-fields.ts";
import { useBooksOrgId, useMoney } from "~/features/ledger/index.ts";
import { KIND_LABELS } from "../document-math.ts";
import { allocate } from "../documents.api.ts";
import { sideOfKind } from "../sales.schema.ts";
import type { DocumentDetails, OpenItem } from "../sales.types.ts";
import { isCredit, typedMoney } from "./payment-values.ts";
import { DialogFormEnd } from "./form-end.tsx";

const applySchema = z.object({
  item_id: z
    .string()
    .transform(Number)
    .pipe(idField("Item", { error: "Choose what to apply" })),
  amount: typedMoney("Amount"),
});

const absCents = (text: string) => {
  const c = toCents(text) ?? 0n;
  return c < 0n ? -c : c;
};

/**
 * The contact's items this document can be settled with, without money moving (POST /allocations): for an invoice or a
 * bill, its credits (a credit note, a payment not allocated); for a credit, what is owed. `items` are the contact's
 * items open on the side; those on the other sense are offered.
 */
export function counterpartsOf(document: DocumentDetails, items: OpenItem[]): OpenItem[] {
  const credit = isCredit(document);
  return items.filter(
    (i) => i.item_id !== document.item_id && i.open !== "0.00" && (credit ? !i.open.startsWith("-") : i.open.startsWith("-")),
  );
}

/**
 * A credit applied to what is owed: for an invoice or a bill, one of the contact's credits and how much of it; for a
 * credit note or a supplier credit, the invoice or bill it goes to. The amount starts as the most both allow.
 */
export function DocumentApplyDialog({
  open,
  onOpenChange,
  trigger,
  document,
  items,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opens it (the focus goes back to it when it closes). */
  trigger?: ReactNode;
  document: DocumentDetails;
  items: OpenItem[];
}) {
  const credit = isCredit(document);
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      trigger={trigger}
      title={credit ? "Apply this credit" : "Apply a credit"}
      description={`${KIND_LABELS[document.kind]} ${document.number} · ${document.contact_name}: settled without money moving.`}
    >
      {open ? <ApplyForm document={document} items={counterpartsOf(document, items)} onDone={() => onOpenChange(false)} /> : null}
    </Modal>
  );
}

function ApplyForm({ document, items, onDone }: { document: DocumentDetails; items: OpenItem[]; onDone: () => void }) {
  const orgId = useBooksOrgId();
  const { money } = useMoney();
  const uid = useId();
  const { act, pending } = useAction();
  const credit = isCredit(document);
  const owed = toCents(document.owed) ?? 0n;
  const most = (item: OpenItem | undefined) => {
    const open = item ? absCents(item.open) : 0n;
    return centsToDecimal(open < owed ? open : owed);
  };
  const { register, handleSubmit, setValue, setError, formState } = useForm<
    z.input<typeof applySchema>,
    unknown,
    z.output<typeof applySchema>
  >({
    resolver: zodResolver(applySchema),
    defaultValues: { item_id: items[0] ? String(items[0].item_id) : "", amount: most(items[0]) },
  });
  const amountTyped = useRef(false);
  const err = formState.errors;
  // The document's own item is a debit of the ledger on the receivables (an invoice) and a credit on the payables (a bill).
  const ownIsDebit = (sideOfKind(document.kind) === "receivable") !== credit;
  const submit = handleSubmit(async (v) => {
    const own = document.item_id!;
    const res = await act(
      () =>
        allocate(orgId, {
          debit_item_id: ownIsDebit ? own : v.item_id,
          credit_item_id: ownIsDebit ? v.item_id : own,
          amount: centsToDecimal(v.amount),
        }),
      { failure: "Not applied", success: `${money(v.amount)} applied` },
    );
    if (res.ok) return onDone();
    for (const [name, message] of Object.entries(res.fields)) {
      if (name === "amount") setError("amount", { message });
      else if (name === "debit_item_id" || name === "credit_item_id") setError("item_id", { message });
      else setError("root.server", { message });
    }
  });
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="space-y-4">
      <InputField
        as="select"
        id={`${uid}-item`}
        label={credit ? "Apply to" : "Credit to apply"}
        error={err.item_id?.message}
        {...register("item_id", {
          onChange: (e: { target: HTMLSelectElement }) => {
            if (!amountTyped.current) setValue("amount", most(items.find((i) => String(i.item_id) === e.target.value)));
          },
        })}
      >
        {items.map((i) => (
          <option key={i.item_id} value={i.item_id}>
            {i.description} · {money(i.open.replace(/^-/, ""))} open
          </option>
        ))}
      </InputField>
      <InputField
        id={`${uid}-amount`}
        label="Amount"
        {...decimalField}
        hint={`At most what is open on both: ${money(owed)} on ${document.number}`}
        error={err.amount?.message}
        {...register("amount", { onChange: () => (amountTyped.current = true) })}
      />
      <DialogFormEnd refusal={err.root?.server?.message} onCancel={onDone} busy={pending || formState.isSubmitting}>
        Apply
      </DialogFormEnd>
    </form>
  );
}
