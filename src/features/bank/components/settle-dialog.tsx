import { useEffect, useState, type FormEvent } from "react";
import { Button } from "~/ui/button.tsx";
import { FieldError, InputField } from "~/ui/field.tsx";
import { Modal } from "~/ui/modal.tsx";
import { useAction } from "~/ui/use-action.ts";
import { useLoad } from "~/ui/use-load.ts";
import { FormButtons } from "~/ui/form-buttons.tsx";
import { centsToDecimal, toCents } from "~/lib/money.ts";
import { useMoney } from "~/features/ledger/index.ts";
import type { BankLine } from "../bank.types.ts";
import { getLineOpenItems, settleLine } from "../bank-open-items.api.ts";
import type { BankOpenItem, OpenItemSuggestion } from "../bank-open-items.types.ts";
import { lineSummary } from "./bank-line-text.ts";
import { SettleItems, SettleRemainder, SettleSuggestions, SettleWriteOff, typedCents, type WriteOff } from "./settle-parts.tsx";

/**
 * "Match to invoices" (money in) or "Match to bills" (money out): one modal that settles a statement line against open
 * items, as one payment of one contact (POST …/settle). Its suggestions fill the choice in one click; the items are
 * ticked with the amount each takes, the remainder is shown, a discount or a fee is written off, and what is left may
 * stay as the contact's credit.
 */
export function SettleDialog({ orgId, bankId, line, onClose }: { orgId: number; bankId: number; line: BankLine; onClose: () => void }) {
  const { money } = useMoney();
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
  const [writeOff, setWriteOff] = useState<WriteOff>({ account: "", amount: "", description: "" });
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
        <SettleSuggestions data={data} noun={noun} onTake={take} />

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

        <SettleItems
          items={items}
          noun={noun}
          data={data}
          chosen={chosen}
          contactId={contactId}
          onTick={tick}
          onAmount={(id, amount) => {
            setError(undefined);
            setChosen((m) => new Map(m).set(id, amount));
          }}
        />

        <SettleWriteOff writeOff={writeOff} writeOffCents={writeOffCents} onChange={setWriteOff} />

        <SettleRemainder
          whole={whole}
          writeOffCents={writeOffCents}
          allocated={allocated}
          left={left}
          contactName={contactName}
          keepCredit={keepCredit}
          onKeepCredit={setKeepCredit}
        />
        <FieldError id="settle-error" message={error} />
        <FormButtons submit={pending ? "Settling…" : "Settle"} disabled={!ready || pending} onCancel={onClose} />
      </form>
    </Modal>
  );
}
