import { useBooks, AccountCombobox, useMoney } from "~/features/ledger/index.ts";
import { Button } from "~/ui/button.tsx";
import { CheckboxField, InputField } from "~/ui/field.tsx";
import { centsToDecimal, toCents } from "~/lib/money.ts";
import type { BankLineOpenItems, BankOpenItem, OpenItemReason, OpenItemSuggestion } from "../bank-open-items.types.ts";

/* The parts of "Match to invoices / bills" (settle-dialog.tsx): the suggestions, the open items to tick, the write-off. */

/** Cents of an amount as typed ("1,234.50"), null when it is not one. */
export const typedCents = (text: string) => toCents(text.trim().replace(/,/g, ""));
const REASONS: Record<OpenItemReason, string> = {
  amount: "the amount",
  reference: "the number in the text",
  contact: "the name in the text",
};
const why = (reasons: OpenItemReason[]) => (reasons.length ? `by ${reasons.map((r) => REASONS[r]).join(", ")}` : "");

/** The ways the server found to settle the line, each taken in one click ("Use"); or where to look when there are none. */
export function SettleSuggestions({
  data,
  noun,
  onTake,
}: {
  data: BankLineOpenItems | null;
  noun: string;
  onTake: (s: OpenItemSuggestion) => void;
}) {
  const { money } = useMoney();
  const take = onTake;
  return (
    <>
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
    </>
  );
}

/** The open items listed (those found and those ticked), each ticked with the amount it takes; one contact per payment. */
export function SettleItems({
  items,
  noun,
  data,
  chosen,
  contactId,
  onTick,
  onAmount,
}: {
  items: BankOpenItem[];
  noun: string;
  data: BankLineOpenItems | null;
  chosen: Map<number, string>;
  contactId: number | null;
  onTick: (item: BankOpenItem, on: boolean) => void;
  onAmount: (itemId: number, amount: string) => void;
}) {
  const { money } = useMoney();
  return (
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
                onChange={(e) => onTick(item, e.target.checked)}
              />
              {ticked ? (
                <InputField
                  id={`settle-amount-${item.item_id}`}
                  label={`Amount for ${label}`}
                  inputMode="decimal"
                  value={chosen.get(item.item_id) ?? ""}
                  error={typedCents(chosen.get(item.item_id) ?? "") === null ? "Type an amount" : undefined}
                  onChange={(e) => onAmount(item.item_id, e.target.value)}
                />
              ) : null}
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

export interface WriteOff {
  account: string;
  amount: string;
  description: string;
}

/** An early-payment discount or a bank fee written off: its account, amount and description. */
export function SettleWriteOff({
  writeOff,
  writeOffCents,
  onChange,
}: {
  writeOff: WriteOff;
  writeOffCents: bigint | null;
  onChange: (change: (w: WriteOff) => WriteOff) => void;
}) {
  const { accounts } = useBooks();
  const setWriteOff = onChange;
  return (
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
  );
}

/** What the line and the write-off come to, what is allocated and to whom, what is left; the rest kept as a credit. */
export function SettleRemainder({
  whole,
  writeOffCents,
  allocated,
  left,
  contactName,
  keepCredit,
  onKeepCredit,
}: {
  whole: bigint;
  writeOffCents: bigint | null;
  allocated: bigint;
  left: bigint;
  contactName: string | null;
  keepCredit: boolean;
  onKeepCredit: (keep: boolean) => void;
}) {
  const { money } = useMoney();
  return (
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
          onChange={(e) => onKeepCredit(e.target.checked)}
        />
      ) : null}
    </div>
  );
}
