import { useId, useRef, type ReactNode, type RefObject } from "react";
import { useForm, type FieldPath } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { decimalField, InputField } from "~/ui/field.tsx";
import { Modal } from "~/ui/modal.tsx";
import { useAction } from "~/ui/use-action.ts";
import { centsToDecimal, toCents } from "~/lib/money.ts";
import { todayIso } from "~/lib/format.ts";
import { useBooksOrgId, useMoney } from "~/features/ledger/index.ts";
import type { AccountDto } from "~/features/ledger/ledger.types.ts";
import { KIND_LABELS } from "../document-math.ts";
import { recordPayment, type PaymentPayload } from "../documents.api.ts";
import { sideOfKind } from "../sales.schema.ts";
import type { DocumentDetails, OpenItem } from "../sales.types.ts";
import { DialogFormEnd } from "./form-end.tsx";
import { PayAccountOptions, PaymentAllocations, PaymentSummary, PaymentWriteOff } from "./payment-parts.tsx";
import {
  idOf,
  isCredit,
  payAccountChoices,
  paymentFormSchema,
  typedCents,
  type PayAccount,
  type PaymentFormApi,
  type PaymentFormValues,
} from "./payment-values.ts";

/**
 * A payment of an approved document, or the refund of a credit (POST /payments): its date, the bank or cash account it
 * went through, its amount (what is owed, to start with), and how it is allocated over the contact's items still open
 * on the same side (this document's filled in); optionally a difference written off in the same entry (an
 * early-payment discount, a bank fee). What is not allocated stays as the contact's credit, and the dialog says so.
 */
export function PaymentDialog({
  open,
  onOpenChange,
  trigger,
  document,
  items,
  payAccounts,
  writeOffAccounts,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opens it (the focus goes back to it when it closes). */
  trigger?: ReactNode;
  document: DocumentDetails;
  items: OpenItem[];
  payAccounts: PayAccount[];
  writeOffAccounts: AccountDto[];
}) {
  const credit = isCredit(document);
  const amount = useRef<HTMLInputElement>(null);
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      trigger={trigger}
      wide
      dismissOnOutsideClick={false}
      initialFocus={amount}
      title={credit ? "Record refund" : "Record payment"}
      description={`${KIND_LABELS[document.kind]} ${document.number} · ${document.contact_name}: what is not allocated stays as the contact's credit.`}
    >
      {open ? (
        <PaymentForm
          document={document}
          items={items}
          payAccounts={payAccounts}
          writeOffAccounts={writeOffAccounts}
          amountRef={amount}
          onDone={() => onOpenChange(false)}
        />
      ) : null}
    </Modal>
  );
}

function PaymentForm({
  document,
  items,
  payAccounts,
  writeOffAccounts,
  amountRef,
  onDone,
}: {
  document: DocumentDetails;
  items: OpenItem[];
  payAccounts: PayAccount[];
  writeOffAccounts: AccountDto[];
  /** The amount's input: the dialog's focus when it opens. */
  amountRef: RefObject<HTMLInputElement | null>;
  onDone: () => void;
}) {
  const orgId = useBooksOrgId();
  const { money } = useMoney();
  const uid = useId();
  const { act, pending } = useAction();
  const side = sideOfKind(document.kind);
  const credit = isCredit(document);
  // A customer pays in, a supplier is paid out; a credit is refunded the other way.
  const direction = (side === "receivable") !== credit ? "in" : "out";
  const owed = toCents(document.owed) ?? 0n;
  // The items this money settles: those on the document's own sense (owed for an invoice or a bill, credits for a credit).
  const rows = items
    .filter((i) => (credit ? i.open.startsWith("-") : !i.open.startsWith("-")) && i.open !== "0.00")
    .sort((a, b) => (a.item_id === document.item_id ? -1 : b.item_id === document.item_id ? 1 : 0));
  const ownIndex = rows.findIndex((r) => r.item_id === document.item_id);
  const firstAccount = payAccountChoices(payAccounts).first;
  const form: PaymentFormApi = useForm({
    resolver: zodResolver(paymentFormSchema),
    defaultValues: {
      date: todayIso(),
      account_id: firstAccount ? String(firstAccount.id) : "",
      amount: centsToDecimal(owed),
      reference: "",
      allocations: rows.map((r) => ({ item_id: r.item_id, amount: r.item_id === document.item_id ? centsToDecimal(owed) : "" })),
      write_off: { on: false, account_id: "", amount: "", description: "" },
    },
  });
  const { register, handleSubmit, setValue, setError, watch, formState } = form;
  const values = watch();
  const err = formState.errors;
  // This document's allocation follows the amount until it is typed itself.
  const ownTyped = useRef(false);
  const settled = typedCents(values.amount) + (values.write_off.on ? typedCents(values.write_off.amount) : 0n);
  const allocated = values.allocations.reduce((s, a) => s + typedCents(a.amount), 0n);
  const left = settled - allocated;

  const follow = (amount: string, writeOff: string, on: boolean) => {
    if (ownTyped.current || ownIndex < 0) return;
    const total = typedCents(amount) + (on ? typedCents(writeOff) : 0n);
    setValue(`allocations.${ownIndex}.amount`, centsToDecimal(total < owed ? (total < 0n ? 0n : total) : owed));
  };

  const submit = handleSubmit(async (v) => {
    const index: number[] = [];
    const allocations = v.allocations.flatMap((a, i) =>
      a.amount > 0n ? (index.push(i), [{ item_id: a.item_id, amount: centsToDecimal(a.amount) }]) : [],
    );
    const payload: PaymentPayload = {
      contact_id: document.contact_id,
      side,
      direction,
      date: v.date,
      account_id: v.account_id,
      amount: centsToDecimal(v.amount),
      reference: v.reference || null,
      allocations,
      write_offs: v.write_off.on
        ? [{ account_id: idOf(v.write_off.account_id), amount: v.write_off.amount.trim(), description: v.write_off.description || null }]
        : [],
    };
    const res = await act(() => recordPayment(orgId, payload), {
      failure: credit ? "Refund not recorded" : "Payment not recorded",
      success: ({ payment }) => `${credit ? "Refund" : "Payment"} ${payment.entry_number} recorded`,
      description: left > 0n ? `${money(left)} stays as ${document.contact_name}'s credit` : undefined,
    });
    if (res.ok) return onDone();
    for (const [name, message] of Object.entries(res.fields)) {
      const row = /^allocations\.(\d+)\.(amount|item_id)$/.exec(name);
      const off = /^write_offs\.0\.(account_id|amount|description)$/.exec(name);
      const field = row
        ? `allocations.${index[Number(row[1])] ?? 0}.amount`
        : off
          ? `write_off.${off[1]}`
          : ["date", "account_id", "amount", "reference", "allocations"].includes(name)
            ? name
            : "root.server";
      setError(field as FieldPath<PaymentFormValues>, { message });
    }
  });

  const amountField = register("amount", {
    onChange: (e: { target: HTMLInputElement }) => follow(e.target.value, values.write_off.amount, values.write_off.on),
  });
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="space-y-5" aria-label={credit ? "Refund" : "Payment"}>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <InputField id={`${uid}-date`} label="Date" type="date" error={err.date?.message} {...register("date")} />
        <InputField as="select" id={`${uid}-account`} label="Paid through" error={err.account_id?.message} {...register("account_id")}>
          <PayAccountOptions payAccounts={payAccounts} />
        </InputField>
        <InputField
          id={`${uid}-amount`}
          label="Amount"
          {...decimalField}
          error={err.amount?.message}
          {...amountField}
          ref={(el) => {
            amountField.ref(el);
            amountRef.current = el;
          }}
        />
        <InputField
          id={`${uid}-reference`}
          label="Reference"
          optional
          maxLength={100}
          error={err.reference?.message}
          {...register("reference")}
        />
      </div>
      <PaymentAllocations form={form} uid={uid} document={document} rows={rows} ownIndex={ownIndex} ownTyped={ownTyped} />
      <PaymentWriteOff form={form} uid={uid} values={values} writeOffAccounts={writeOffAccounts} follow={follow} />
      <PaymentSummary settled={settled} allocated={allocated} />
      <DialogFormEnd refusal={err.root?.server?.message} onCancel={onDone} busy={pending || formState.isSubmitting}>
        {credit ? "Record refund" : "Record payment"}
      </DialogFormEnd>
    </form>
  );
}
