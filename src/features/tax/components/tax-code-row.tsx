import { Button } from "~/ui/button.tsx";
import { CardCell } from "~/ui/card-table.tsx";
import { cardRow } from "~/ui/table.tsx";
import { TAX_KIND_LABELS, type TaxCode } from "~/features/ledger/index.ts";

/** A sum of percentages written with 4 decimals, written plainly ("9.5%"), added exactly. */
export function percentText(rates: string[]): string {
  const total = rates.reduce((sum, r) => sum + BigInt(r.replace(".", "")), 0n);
  const text = `${total / 10_000n}.${String(total % 10_000n).padStart(4, "0")}`.replace(/\.?0+$/, "");
  return `${text}%`;
}

/** The code's rate: its due parts added (a reverse charge's deductible part cancels them), else its deductible ones. */
export const rateOf = (c: TaxCode) => {
  const due = c.parts.filter((p) => p.role === "due");
  const parts = due.length ? due : c.parts;
  return parts.length ? percentText(parts.map((p) => p.rate)) : "none";
};

const validText = (c: TaxCode) => (c.valid_from || c.valid_to ? `${c.valid_from ?? "…"} to ${c.valid_to ?? "…"}` : "Always");

const boxesText = (c: TaxCode) => {
  const tax = [...new Set(c.parts.flatMap((p) => p.boxes))];
  return [c.base_boxes.length ? `Base ${c.base_boxes.join(" ")}` : "", tax.length ? `Tax ${tax.join(" ")}` : ""]
    .filter(Boolean)
    .join(" · ");
};

export const TAX_CODE_HEADS = ["Code", "Name", "Kind", "Rate", "Accounts", "Boxes", "Valid"];

/** One code of the table: its kind, rate, accounts (by code), boxes and dates, and its buttons for those who may change it. */
export function TaxCodeRow({
  code: c,
  accountCode,
  actions,
}: {
  code: TaxCode;
  accountCode: (id: number) => string;
  actions: { edit: () => void; archive: () => void; remove: () => void; pending: boolean } | null;
}) {
  return (
    <tr className={`${cardRow} ${c.archived ? "bg-slate-50 text-muted" : ""}`}>
      <CardCell label="Code" className="whitespace-nowrap font-semibold">
        {c.code}
      </CardCell>
      <CardCell label="Name" className="max-md:col-span-2">
        {c.name}
        {c.archived ? <span className="block text-xs">Archived</span> : null}
      </CardCell>
      <CardCell label="Kind">{TAX_KIND_LABELS[c.kind]}</CardCell>
      <CardCell label="Rate" className="tabular-nums md:text-right">
        {rateOf(c)}
      </CardCell>
      <CardCell label="Accounts">{c.parts.map((p) => accountCode(p.account_id)).join(", ") || "—"}</CardCell>
      <CardCell label="Boxes" className="max-md:col-span-2">
        {boxesText(c) || "—"}
      </CardCell>
      <CardCell label="Valid" className="md:whitespace-nowrap">
        {validText(c)}
      </CardCell>
      {actions ? (
        <CardCell className="max-md:col-span-3">
          <span className="flex flex-wrap gap-1 md:flex-nowrap">
            <Button size="sm" variant="secondary" aria-label={`Edit ${c.code}`} onClick={actions.edit}>
              Edit
            </Button>
            <Button
              size="sm"
              variant="ghost"
              disabled={actions.pending}
              aria-label={`${c.archived ? "Unarchive" : "Archive"} ${c.code}`}
              onClick={actions.archive}
            >
              {c.archived ? "Unarchive" : "Archive"}
            </Button>
            <Button size="sm" variant="ghost" disabled={actions.pending} aria-label={`Delete ${c.code}`} onClick={actions.remove}>
              Delete
            </Button>
          </span>
        </CardCell>
      ) : null}
    </tr>
  );
}
