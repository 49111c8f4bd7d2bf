import { useId, useRef, type ReactNode, type RefObject } from "react";
import { useForm, type FieldPath } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "zod";
import { CheckboxField, decimalField, FieldError, InputField } from "~/ui/field.tsx";
import { Modal } from "~/ui/modal.tsx";
import { useAction } from "~/ui/use-action.ts";
import { centsToDecimal, toCents } from "~/lib/money.ts";
import { formatLongDate, todayIso } from "~/lib/format.ts";
import { idField, isoDateField, textField } from "~/lib/schema-fields.ts";
import { AccountCombobox, useBooksOrgId, useMoney } from "~/features/ledger/index.ts";
import type { AccountDto } from "~/features/ledger/ledger.types.ts";
import { EARLIEST_ENTRY_DATE } from "~/features/ledger/ledger.schema.ts";
import { KIND_LABELS } from "../document-math.ts";
import { recordPayment, type PaymentPayload } from "../documents.api.ts";
import { moneyField, sideOfKind } from "../sales.schema.ts";
import type { DocumentDetails, OpenItem } from "../sales.types.ts";
import { DialogFormEnd } from "./form-end.tsx";

/** An account money is paid through: the books' bank and cash accounts (`bank`), then other current assets. */
export interface PayAccount {
  id: number;
  account_code: string;
  account_name: string;
  bank: boolean;
}

interface PaymentFormValues {
  date: string;
  account_id: string;
  amount: string;
  reference: string;
  allocations: { item_id: number; amount: string }[];
  write_off: { on: boolean; account_id: string; amount: string; description: string };
}

const firstIssue = (r: { success: false; error: { issues: { message: string }[] } }) => r.error.issues[0]?.message ?? "Invalid";
const idOf = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text) : 0);
/** Cents of what is typed so far ("1,234.5"), 0 while it cannot be read: for the summary only. */
const typedCents = (text: string) => toCents(text.trim().replace(/,/g, "")) ?? 0n;

/** An amount of money typed, as the API reads it (more than zero). */
export const typedMoney = (label: string) =>
  z.string().transform((v, ctx) => {
    const r = moneyField(label).safeParse(v);
    if (r.success) return r.data;
    ctx.addIssue({ code: "custom", message: firstIssue(r) });
    return z.NEVER;
  });

/** An amount of money as the API reads it; blank is nothing (an item not allocated to). */
const optionalMoney = (label: string) =>
  z.string().transform((v, ctx) => {
    if (v.trim() === "") return 0n;
    const r = moneyField(label, { allowZero: true }).safeParse(v);
    if (r.success) return r.data;
    ctx.addIssue({ code: "custom", message: firstIssue(r) });
    return z.NEVER;
  });

const paymentFormSchema = z
  .object({
    date: isoDateField("Date", { min: EARLIEST_ENTRY_DATE }),
    account_id: z
      .string()
      .transform(idOf)
      .pipe(idField("Paid through", { error: "Choose the account the money went through" })),
    amount: typedMoney("Amount"),
    reference: textField("Reference", { max: 100 }),
    allocations: z.array(z.object({ item_id: z.number(), amount: optionalMoney("Amount") })),
    write_off: z
      .object({ on: z.boolean(), account_id: z.string(), amount: z.string(), description: textField("Description", { max: 200 }) })
      .superRefine((w, ctx) => {
        if (!w.on) return;
        if (!idOf(w.account_id)) ctx.addIssue({ code: "custom", path: ["account_id"], message: "Choose the account written off to" });
        const r = moneyField("Write-off amount").safeParse(w.amount);
        if (!r.success) ctx.addIssue({ code: "custom", path: ["amount"], message: firstIssue(r) });
      }),
  })
  .superRefine((v, ctx) => {
    const settled = v.amount + (v.write_off.on ? typedCents(v.write_off.amount) : 0n);
    const allocated = v.allocations.reduce((s, a) => s + a.amount, 0n);
    if (allocated > settled)
      ctx.addIssue({
        code: "custom",
        path: ["allocations"],
        message: `The amounts allocated (${centsToDecimal(allocated)}) add up to more than the payment settles (${centsToDecimal(settled)})`,
      });
  });

/** Whether a document's open item is a credit (a credit note, a supplier credit): it is refunded rather than paid. */
export const isCredit = (d: Pick<DocumentDetails, "kind">) => d.kind === "credit_note" || d.kind === "supplier_credit";

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
  const banks = payAccounts.filter((a) => a.bank);
  const others = payAccounts.filter((a) => !a.bank);
  const firstAccount = banks[0] ?? others.find((a) => a.account_name.toLowerCase() === "cash") ?? others[0];
  const form = useForm<PaymentFormValues, unknown, z.output<typeof paymentFormSchema>>({
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

  const allocationsError = err.allocations?.message ?? err.allocations?.root?.message;
  const amountField = register("amount", {
    onChange: (e: { target: HTMLInputElement }) => follow(e.target.value, values.write_off.amount, values.write_off.on),
  });
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="space-y-5" aria-label={credit ? "Refund" : "Payment"}>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <InputField id={`${uid}-date`} label="Date" type="date" error={err.date?.message} {...register("date")} />
        <InputField as="select" id={`${uid}-account`} label="Paid through" error={err.account_id?.message} {...register("account_id")}>
          {firstAccount ? null : <option value="">No bank or cash account</option>}
          {banks.length ? (
            <optgroup label="Bank and cash accounts">
              {banks.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.account_code} {a.account_name}
                </option>
              ))}
            </optgroup>
          ) : null}
          {others.length ? (
            <optgroup label={banks.length ? "Other current assets" : "Current assets"}>
              {others.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.account_code} {a.account_name}
                </option>
              ))}
            </optgroup>
          ) : null}
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

      <fieldset aria-describedby={allocationsError ? `${uid}-allocations-error` : undefined}>
        <legend className="text-base font-semibold text-ink">Allocate to</legend>
        <p className="mt-1 text-sm text-muted">
          {credit ? "The contact's credits still open" : `What ${document.contact_name} ${side === "receivable" ? "owes" : "is owed"}`},
          oldest due first.
        </p>
        {rows.length === 0 ? (
          <p className="mt-2 text-sm text-muted">Nothing open: the whole amount stays as the contact&apos;s credit.</p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-200 rounded-md border border-slate-200">
            {rows.map((r, i) => {
              const name = `${r.description}${r.item_id === document.item_id ? " (this one)" : ""}`;
              return (
                <li key={r.item_id} className="grid items-center gap-2 p-3 sm:grid-cols-[minmax(0,1fr)_9rem]" data-testid="allocation-row">
                  <div className="text-sm">
                    <p className="font-medium text-ink">{name}</p>
                    <p className="text-muted">
                      {formatLongDate(r.date)} · due {formatLongDate(r.due_date)} · open {money(r.open.replace(/^-/, ""))}
                    </p>
                  </div>
                  <InputField
                    id={`${uid}-allocation-${i}`}
                    label={`Amount for ${r.description}`}
                    {...decimalField}
                    placeholder="0.00"
                    error={err.allocations?.[i]?.amount?.message}
                    {...register(`allocations.${i}.amount`, { onChange: () => i === ownIndex && (ownTyped.current = true) })}
                  />
                </li>
              );
            })}
          </ul>
        )}
        <FieldError id={`${uid}-allocations-error`} message={allocationsError} />
      </fieldset>

      <div className="space-y-3">
        <CheckboxField
          id={`${uid}-write-off`}
          label="Write off a difference in the same entry"
          hint="An early-payment discount, a bank fee: it settles as much as the money does"
          {...register("write_off.on", {
            onChange: (e: { target: HTMLInputElement }) => follow(values.amount, values.write_off.amount, e.target.checked),
          })}
        />
        {values.write_off.on ? (
          <div className="grid gap-4 rounded-md border border-slate-200 p-3 sm:grid-cols-3">
            <div>
              <AccountCombobox
                standalone
                id={`${uid}-write-off-account`}
                label="Write-off account"
                accounts={writeOffAccounts}
                value={values.write_off.account_id}
                onChange={(v) => setValue("write_off.account_id", v, { shouldValidate: formState.isSubmitted })}
              />
              <FieldError id={`${uid}-write-off-account-error`} message={err.write_off?.account_id?.message} />
            </div>
            <InputField
              id={`${uid}-write-off-amount`}
              label="Write-off amount"
              {...decimalField}
              error={err.write_off?.amount?.message}
              {...register("write_off.amount", {
                onChange: (e: { target: HTMLInputElement }) => follow(values.amount, e.target.value, true),
              })}
            />
            <InputField
              id={`${uid}-write-off-description`}
              label="Description"
              optional
              placeholder="Early-payment discount"
              maxLength={200}
              error={err.write_off?.description?.message}
              {...register("write_off.description")}
            />
          </div>
        ) : null}
      </div>

      <dl className="grid gap-1 rounded-md bg-slate-50 p-3 text-sm sm:grid-cols-3" data-testid="payment-summary">
        <div>
          <dt className="text-muted">Settles</dt>
          <dd className="font-semibold tabular-nums text-ink">{money(settled)}</dd>
        </div>
        <div>
          <dt className="text-muted">Allocated</dt>
          <dd className="font-semibold tabular-nums text-ink">{money(allocated)}</dd>
        </div>
        <div>
          <dt className="text-muted">{left < 0n ? "Allocated beyond the payment" : "Stays as credit"}</dt>
          <dd className={`font-semibold tabular-nums ${left < 0n ? "text-red-700" : "text-ink"}`} data-testid="payment-left">
            {money(left < 0n ? -left : left)}
          </dd>
        </div>
      </dl>
      <DialogFormEnd refusal={err.root?.server?.message} onCancel={onDone} busy={pending || formState.isSubmitting}>
        {credit ? "Record refund" : "Record payment"}
      </DialogFormEnd>
    </form>
  );
}
