/** The lines behind one figure of the return (a box's, a tax code's, a code's part's), a page at a time. */
import { useState } from "react";
import { Modal } from "~/ui/modal.tsx";
import { Button } from "~/ui/button.tsx";
import { tdClass, thClass } from "~/ui/table.tsx";
import { useLoad } from "~/ui/use-load.ts";
import { useBooksOrgId, useMoney } from "~/features/ledger/index.ts";
import { getTaxReturnLines, type TaxReturnFigure } from "../tax-return.api.ts";
import { partLabel } from "../tax-return-print.ts";
import type { TaxReturnBox, TaxReturnCode, TaxReturnPart } from "../tax-return.types.ts";

/** A figure whose lines are shown: what is read, and the dialog's title and what it says. */
export interface OpenFigure {
  of: TaxReturnFigure;
  title: string;
  /** What the lines are behind, after "The lines behind ". */
  behind: string;
}

/** A box's figures: the lines of its group that feed it. */
export const boxFigure = (b: TaxReturnBox): OpenFigure => ({
  of: { box: b.box, group: b.group },
  title: `Box ${b.box}${b.group === "corrections" ? " (corrections)" : ""}`,
  behind: `box ${b.box}`,
});

/** A tax code's base (no part): its taxed lines; a part's base and tax: the tax lines it posted, with their base. */
export const codeFigure = (c: TaxReturnCode, p: TaxReturnPart | null): OpenFigure =>
  p
    ? {
        of: { code: c.tax_code_id, part: p.part_no },
        title: `${c.code} · ${partLabel(p)}`,
        behind: `${partLabel(p)} of tax code ${c.code}`,
      }
    : { of: { code: c.tax_code_id, part: null }, title: `${c.code} · ${c.name}`, behind: `the taxable base of tax code ${c.code}` };

const keyOf = (of: TaxReturnFigure) => ("box" in of ? `box:${of.box}|${of.group}` : `code:${of.code}|${of.part ?? ""}`);

export function FigureLines({ figure, from, to, onClose }: { figure: OpenFigure; from: string; to: string; onClose: () => void }) {
  const orgId = useBooksOrgId();
  const money = useMoney();
  const [cursors, setCursors] = useState<string[]>([]);
  const after = cursors.at(-1) ?? null;
  const page = useLoad(
    `${keyOf(figure.of)}|${after ?? ""}`,
    () => getTaxReturnLines(orgId, { from, to, of: figure.of, after }),
    "Lines not loaded",
  );
  return (
    <Modal
      open
      onOpenChange={(open) => (open ? null : onClose())}
      wide
      title={figure.title}
      description={`The lines behind ${figure.behind}, ${from} to ${to}.`}
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
                <tr key={`${l.line_id}.${l.allocation_id ?? 0}`}>
                  <td className={tdClass}>{l.entry_number}</td>
                  <td className={`${tdClass} whitespace-nowrap`}>
                    {l.entry_date}
                    {l.settled_on ? <span className="block text-xs text-muted">paid {l.settled_on}</span> : null}
                  </td>
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
