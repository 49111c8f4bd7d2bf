import { useState } from "react";
import { useParams } from "react-router";
import { Button } from "~/ui/button.tsx";
import { toCents } from "~/lib/money.ts";
import { useBooks } from "~/features/ledger/index.ts";
import type { BankLine } from "../bank.types.ts";
import { SettleDialog } from "./settle-dialog.tsx";

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
