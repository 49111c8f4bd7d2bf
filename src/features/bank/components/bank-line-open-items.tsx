import { useEffect, useState, type FormEvent } from "react";
import { useParams } from "react-router";
import { Button } from "~/ui/button.tsx";
import { CheckboxField, FieldError, InputField } from "~/ui/field.tsx";
import { Modal } from "~/ui/modal.tsx";
import { useAction } from "~/ui/use-action.ts";
import { useLoad } from "~/ui/use-load.ts";
import { FormButtons } from "~/ui/form-buttons.tsx";
import { centsToDecimal, toCents } from "~/lib/money.ts";
import { AccountCombobox, useBooks, useMoney } from "~/features/ledger/index.ts";
import type { BankLine } from "../bank.types.ts";
import { getLineOpenItems, settleLine } from "../bank-open-items.api.ts";
import type { BankOpenItem, OpenItemReason, OpenItemSuggestion } from "../bank-open-items.types.ts";
import { lineSummary } from "./bank-line-text.ts";

/** Cents of an amount as typed ("1,234.50"), null when it is not one. */
const typedCents = (text: string) => toCents(text.trim().replace(/,/g, ""));
const REASONS: Record<OpenItemReason, string> = {
  amount: "the amount",
  reference: "the number in the text",
  contact: "the name in the text",
};
const why = (reasons: OpenItemReason[]) => (reasons.length ? `by ${reasons.map((r) => REASONS[r]).join(", ")}` : "");

/**
 * "Match to invoices" (money in) or "Match to bills" (money out) on a statement line still to match: one modal that
 * settles the line against open items, as one payment of one contact (POST …/settle). Its suggestions (by amount,
 * number and name) fill the choice in one click; the items are ticked with the amount each takes, the remainder is
 * shown, an early-payment discount or a bank fee is written off, and what is left may stay as the contact's credit.
 */
export function BankLineOpenItems({ line, busy }: { line: BankLine; busy: boolean }) {
  const { organization, can } = useBooks();
  const { bankId } = useParams();
  const [open, setOpen] = useState(false);
  const cents = toCents(line.amount) ?? 0n;
  if (!can["books.sales.pay"] || !bankId || line.match_id !== null || line.excluded || cents === 0n) return null;
  const what = cents > 0n ? "invoices" : "bills";
  return (
    <>
      <Button
        size="sm"
        variant="secondary"
        disabled={busy}
        onClick={() => setOpen(true)}
        aria-label={`Match ${line.description} to ${what}`}
      >
        Match to {what}
      </Button>
      {open ? <SettleDialog orgId={organization.id} bankId={Number(bankId)} line={line} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function SettleDialog({ orgId, bankId, line, onClose }: { orgId: number; bankId: number; line: BankLine; onClose: () => void }) {
  const { money } = useMoney();
  const { accounts } = useBooks();
  const { act, pending } = useAction();
  const inward = (toCents(line.amount) ?? 0n) > 0n;
  const [typed, setTyped] = useState("");
  const [search, setSearch] = useState("");
  const data = useLoad(
    `${line.id}:${search}`,
    () => getLineOpenItems(orgId, bankId, line.id, search ? { q: search } : {}),
    "The open items could not be loaded",
  );
  // Every item shown so far, so that one ticked stays listed when the search changes.
  const [seen, setSeen] = useState<Map<number, BankOpenItem>>(new Map());
  useEffect(() => {
    if (data) setSeen((m) => new Map([...m, ...data.items.map((i) => [i.item_id, i] as const)]));
  }, [data]);
  const [chosen, setChosen] = useState<Map<number, string>>(new Map());
  const [writeOff, setWriteOff] = useState({ account: "", amount: "", description: "" });
  const [keepCredit, setKeepCredit] = useState(false);
  const [error, setError] = useState<string>();

  const whole = (() => {
    const c = toCents(line.amount) ?? 0n;
    return c < 0n ? -c : c;
  })();
  const writeOffCents = writeOff.amount.trim() ? typedCents(writeOff.amount) : 0n;
  const amounts = [...chosen.values()].map(typedCents);
  const allocated = amounts.reduce<bigint>((s, c) => s + (c ?? 0n), 0n);
  const settled = whole + (writeOffCents ?? 0n);
  const left = settled - allocated;
  const contactOf = (id: number) => seen.get(id)?.contact_id ?? null;
  const contactId = chosen.size ? contactOf([...chosen.keys()][0]!) : null;
  const contactName = contactId === null ? null : ([...seen.values()].find((i) => i.contact_id === contactId)?.contact_name ?? null);
  const invalid =
    amounts.some((c) => c === null || c <= 0n) ||
    writeOffCents === null ||
    (writeOffCents > 0n && !writeOff.account) ||
    (writeOff.account !== "" && !writeOff.amount.trim());
  const ready = contactId !== null && !invalid && left >= 0n && (left === 0n || keepCredit);

  const take = (s: OpenItemSuggestion) => {
    setChosen(new Map(s.allocations.map((a) => [a.item_id, a.amount])));
    setKeepCredit(false);
    setError(undefined);
  };
  const tick = (item: BankOpenItem, on: boolean) => {
    setError(undefined);
    setChosen((m) => {
      const next = new Map(m);
      if (!on) next.delete(item.item_id);
      else {
        const open = toCents(item.open)!;
        const room = left > 0n ? left : 0n;
        next.set(item.item_id, centsToDecimal(open < 0n ? -open : room > 0n && room < open ? room : open));
      }
      return next;
    });
  };
  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!ready || contactId === null) return;
    const res = await act(
      () =>
        settleLine(orgId, bankId, line.id, {
          contact_id: contactId,
          allocations: [...chosen].map(([item_id, amount]) => ({ item_id, amount: amount.trim() })),
          write_offs: writeOffCents
            ? [{ account_id: Number(writeOff.account), amount: writeOff.amount.trim(), description: writeOff.description || null }]
            : [],
          keep_credit: keepCredit,
        }),
      { failure: "Not settled", success: (r) => `Settled: ${r.entry_number} posted`, description: `${line.date} · ${line.description}` },
    );
    if (res.ok) onClose();
    else setError(Object.values(res.fields)[0] ?? res.message);
  }

  const items = data
    ? [...data.items, ...[...chosen.keys()].filter((id) => !data.items.some((i) => i.item_id === id)).map((id) => seen.get(id)!)]
    : [];
  const noun = inward ? "invoices" : "bills";
  return (
    <Modal
      open
      onOpenChange={(o) => !o && onClose()}
      wide
      dismissOnOutsideClick={false}
      title={`Match to ${noun}`}
      description={`${lineSummary(line, money)}: ${inward ? "money in settles what customers owe" : "money out settles what is owed to suppliers"}, as one payment.`}
    >
      <form onSubmit={submit} noValidate className="space-y-5" aria-label={`Match to ${noun}`}>
        {data === null ? (
          <p className="text-sm text-muted">Loading…</p>
        ) : data.suggestions.length > 0 ? (
          <section aria-labelledby="settle-suggested" className="space-y-2">
            <h3 id="settle-suggested" className="text-sm font-semibold text-ink">
              Suggested
            </h3>
            <ul className="space-y-2">
              {data.suggestions.map((s) => {
                const names = s.allocations.map((a) => data.items.find((i) => i.item_id === a.item_id)?.document_number ?? "an item");
                return (
                  <li
                    key={s.allocations.map((a) => a.item_id).join("-")}
                    className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-slate-200 p-2"
                  >
                    <span className="text-sm text-ink">
                      <span className="font-medium">{s.contact_name}</span>: {names.join(", ")} · {money(s.total)}
                      <span className="block text-xs text-muted">Found {why(s.reasons)}</span>
                    </span>
                    <Button size="sm" variant="secondary" onClick={() => take(s)} aria-label={`Use ${s.contact_name}: ${names.join(", ")}`}>
                      Use
                    </Button>
                  </li>
                );
              })}
            </ul>
          </section>
        ) : (
          <p className="text-sm text-muted">Nothing open has this amount, number or name: find the {noun} below.</p>
        )}

        <div className="flex flex-wrap items-end gap-2">
          <InputField
            id="settle-search"
            label={`Find ${noun} by ${inward ? "customer" : "supplier"}, number or reference`}
            fieldClassName="min-w-0 flex-1"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === "Enter") {
                e.preventDefault();
                setSearch(typed.trim());
              }
            }}
          />
          <Button variant="secondary" onClick={() => setSearch(typed.trim())}>
            Find
          </Button>
        </div>

        <fieldset className="space-y-2">
          <legend className="mb-2 text-sm font-semibold text-ink">Open {noun}</legend>
          {data !== null && items.length === 0 ? <p className="text-sm text-muted">None found.</p> : null}
          <ul className="divide-y divide-slate-100 rounded-md border border-slate-200">
            {items.map((item) => {
              const ticked = chosen.has(item.item_id);
              const other = contactId !== null && item.contact_id !== contactId;
              const label = item.document_number ?? item.description;
              return (
                <li key={item.item_id} className="grid gap-2 p-2 sm:grid-cols-[1fr_10rem] sm:items-start">
                  <CheckboxField
                    id={`settle-item-${item.item_id}`}
                    label={`${item.description} · ${item.contact_name}`}
                    hint={`Dated ${item.date}, due ${item.due_date} · open ${money(item.open)}${other ? " · another contact's: one payment settles one contact" : ""}`}
                    checked={ticked}
                    disabled={other && !ticked}
                    onChange={(e) => tick(item, e.target.checked)}
                  />
                  {ticked ? (
                    <InputField
                      id={`settle-amount-${item.item_id}`}
                      label={`Amount for ${label}`}
                      inputMode="decimal"
                      value={chosen.get(item.item_id) ?? ""}
                      error={typedCents(chosen.get(item.item_id) ?? "") === null ? "Type an amount" : undefined}
                      onChange={(e) => {
                        setError(undefined);
                        setChosen((m) => new Map(m).set(item.item_id, e.target.value));
                      }}
                    />
                  ) : null}
                </li>
              );
            })}
          </ul>
        </fieldset>

        <fieldset className="grid gap-3 sm:grid-cols-[2fr_11rem_2fr] sm:items-start">
          <legend className="mb-2 text-sm font-semibold text-ink">Write off (an early-payment discount, a bank fee)</legend>
          <AccountCombobox
            standalone
            id="settle-write-off-account"
            label="Write-off account"
            accounts={accounts}
            value={writeOff.account}
            onChange={(v) => setWriteOff((w) => ({ ...w, account: v }))}
          />
          <InputField
            id="settle-write-off-amount"
            label="Write-off amount"
            optional
            inputMode="decimal"
            value={writeOff.amount}
            error={writeOffCents === null ? "Type an amount" : writeOffCents > 0n && !writeOff.account ? "Choose its account" : undefined}
            onChange={(e) => setWriteOff((w) => ({ ...w, amount: e.target.value }))}
          />
          <InputField
            id="settle-write-off-description"
            label="Write-off description"
            optional
            maxLength={200}
            value={writeOff.description}
            onChange={(e) => setWriteOff((w) => ({ ...w, description: e.target.value }))}
          />
        </fieldset>

        <div className="space-y-2 rounded-md bg-slate-50 p-3 text-sm text-ink" aria-live="polite" data-testid="settle-remainder">
          <p>
            The line {money(centsToDecimal(whole))}
            {writeOffCents ? ` and ${money(centsToDecimal(writeOffCents))} written off` : ""}: {money(centsToDecimal(allocated))} allocated
            {contactName ? ` to ${contactName}` : ""}.
          </p>
          <p className="font-semibold">
            {left === 0n
              ? "Nothing left to allocate"
              : left > 0n
                ? `Left to allocate: ${money(centsToDecimal(left))}`
                : `Allocated too much by ${money(centsToDecimal(-left))}`}
          </p>
          {left > 0n && contactName ? (
            <CheckboxField
              id="settle-keep-credit"
              label={`Keep ${money(centsToDecimal(left))} as ${contactName}'s credit`}
              checked={keepCredit}
              onChange={(e) => setKeepCredit(e.target.checked)}
            />
          ) : null}
        </div>
        <FieldError id="settle-error" message={error} />
        <FormButtons submit={pending ? "Settling…" : "Settle"} disabled={!ready || pending} onCancel={onClose} />
      </form>
    </Modal>
  );
}
