/** The return's tables: the boxes (each figure opens its lines), the lines behind one box and the reconciliation. */
import { useState } from "react";
import { Modal } from "~/ui/modal.tsx";
import { Button } from "~/ui/button.tsx";
import { tdClass, thClass } from "~/ui/table.tsx";
import { useLoad } from "~/ui/use-load.ts";
import { useBooksOrgId, useMoney } from "~/features/ledger/index.ts";
import { getTaxReturnLines } from "../tax-return.api.ts";
import type { TaxReturnBox, TaxReturnGroup, TaxReturnReport } from "../tax-return.types.ts";

const figureClass = "tabular-nums text-brand-700 underline decoration-dotted hover:text-brand-900";

/** The lines behind one box, a page at a time. */
export function BoxLines({
  box,
  group,
  from,
  to,
  onClose,
}: {
  box: string;
  group: TaxReturnGroup;
  from: string;
  to: string;
  onClose: () => void;
}) {
  const orgId = useBooksOrgId();
  const money = useMoney();
  const [cursors, setCursors] = useState<string[]>([]);
  const after = cursors.at(-1) ?? null;
  const page = useLoad(
    `${box}|${group}|${after ?? ""}`,
    () => getTaxReturnLines(orgId, { from, to, box, group, after }),
    "Lines not loaded",
  );
  return (
    <Modal
      open
      onOpenChange={(open) => (open ? null : onClose())}
      wide
      title={`Box ${box}${group === "corrections" ? " (corrections)" : ""}`}
      description={`The lines behind box ${box}, ${from} to ${to}.`}
    >
      {!page ? (
        <p className="text-sm text-muted">Loading...</p>
      ) : page.lines.length === 0 ? (
        <p className="text-sm text-muted">No line.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="min-w-full divide-y divide-slate-200" data-testid="tax-box-lines">
            <thead>
              <tr>
                <th className={thClass}>Entry</th>
                <th className={thClass}>Date</th>
                <th className={thClass}>Description</th>
                <th className={thClass}>Account</th>
                <th className={`${thClass} text-right`}>Base</th>
                <th className={`${thClass} text-right`}>Tax</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {page.lines.map((l) => (
                <tr key={l.line_id}>
                  <td className={tdClass}>{l.entry_number}</td>
                  <td className={`${tdClass} whitespace-nowrap`}>{l.entry_date}</td>
                  <td className={tdClass}>{l.description}</td>
                  <td className={tdClass}>
                    {l.account_code} {l.account_name}
                  </td>
                  <td className={`${tdClass} text-right tabular-nums`}>{l.base == null ? "" : money.money(l.base)}</td>
                  <td className={`${tdClass} text-right tabular-nums`}>{l.tax == null ? "" : money.money(l.tax)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="mt-4 flex gap-3">
        {cursors.length ? (
          <Button variant="secondary" onClick={() => setCursors(cursors.slice(0, -1))}>
            Previous page
          </Button>
        ) : null}
        {page?.next ? (
          <Button variant="secondary" onClick={() => setCursors([...cursors, page.next!])}>
            Next page
          </Button>
        ) : null}
      </div>
    </Modal>
  );
}

/** The boxes of one group with their base and tax; a non-zero figure opens the lines behind it. */
export function BoxesTable({ title, boxes, onOpen }: { title: string; boxes: TaxReturnBox[]; onOpen: (b: TaxReturnBox) => void }) {
  const money = useMoney();
  const figure = (b: TaxReturnBox, value: string, what: string) =>
    value === "0.00" ? (
      <span className="tabular-nums text-muted">{money.money(value)}</span>
    ) : (
      <button type="button" className={figureClass} onClick={() => onOpen(b)}>
        {money.money(value)}
        <span className="sr-only">
          {" "}
          ({what} of box {b.box}: show its lines)
        </span>
      </button>
    );
  return (
    <section aria-label={title} className="overflow-x-auto rounded-lg border border-slate-200">
      <table className="min-w-full divide-y divide-slate-200">
        <caption className="px-3 py-2 text-left text-base font-semibold text-ink">{title}</caption>
        <thead>
          <tr>
            <th className={thClass}>Box</th>
            <th className={thClass}>Description</th>
            <th className={`${thClass} text-right`}>Base</th>
            <th className={`${thClass} text-right`}>Tax</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {boxes.map((b) => (
            <tr key={b.box}>
              <td className={`${tdClass} font-semibold`}>{b.box}</td>
              <td className={tdClass}>{b.label ?? ""}</td>
              <td className={`${tdClass} text-right`}>{figure(b, b.base, "base")}</td>
              <td className={`${tdClass} text-right`}>{figure(b, b.tax, "tax")}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** Each tax account's movement against the return's tax; a difference is shown in red. */
export function Reconciliation({ report }: { report: TaxReturnReport }) {
  const money = useMoney();
  if (report.reconciliation.length === 0) return null;
  return (
    <section aria-label="Reconciliation with the tax accounts" className="overflow-x-auto rounded-lg border border-slate-200">
      <table className="min-w-full divide-y divide-slate-200">
        <caption className="px-3 py-2 text-left text-base font-semibold text-ink">
          Reconciliation with the tax accounts
          <span className="block text-sm font-normal text-muted">
            Debit positive. A difference is an amount posted to the account without a tax code.
          </span>
        </caption>
        <thead>
          <tr>
            <th className={thClass}>Account</th>
            <th className={`${thClass} text-right`}>Movement</th>
            <th className={`${thClass} text-right`}>Return tax</th>
            <th className={`${thClass} text-right`}>Difference</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {report.reconciliation.map((a) => (
            <tr key={a.account_id}>
              <td className={tdClass}>
                {a.account_code} {a.account_name}
              </td>
              <td className={`${tdClass} text-right tabular-nums`}>{money.money(a.movement)}</td>
              <td className={`${tdClass} text-right tabular-nums`}>{money.money(a.return_tax)}</td>
              <td className={`${tdClass} text-right tabular-nums ${a.difference === "0.00" ? "" : "font-semibold text-red-700"}`}>
                {money.money(a.difference)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
