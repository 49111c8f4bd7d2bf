import { useId, useRef, useState } from "react";
import { Form } from "react-router";
import { toCents } from "~/lib/money.ts";
import { Button } from "~/ui/button.tsx";
import { InputField } from "~/ui/field.tsx";
import { PeriodPresetOptions, presetPeriodToday, presetToday } from "~/features/reports/index.ts";
import { type PeriodPreset, useBooks, useBooksOrgId, useMoney } from "~/features/ledger/index.ts";
import { taxReturnCsvUrl, taxReturnPdfUrl } from "../tax-return.api.ts";
import { CASH_BASIS_NOTE, type FiledTaxReturnsAnswer, type TaxReturnReport } from "../tax-return.types.ts";
import { BoxesTable, Reconciliation } from "./tax-return-parts.tsx";
import { CodesTable } from "./tax-return-codes.tsx";
import { boxFigure, codeFigure, FigureLines, type OpenFigure } from "./tax-return-lines.tsx";
import { FiledReturns, FileReturn, linkClass } from "./tax-return-filing.tsx";

interface Props {
  from: string;
  to: string;
  fiscalYearStartMonth: number;
  report: TaxReturnReport | null;
  filed: FiledTaxReturnsAnswer;
  /** The URL's query, kept by the filed returns' pages. */
  filters: Record<string, string>;
  /** The filed return the period is in, or null. */
  covered: string | null;
  authorities: { id: number; label: string }[];
  errors: Record<string, string>;
}

/** The period: a preset fills the dates; "Show" loads the return of the dates (the URL's from and to). */
function PeriodForm({ from, to, errors, fiscalYearStartMonth }: Pick<Props, "from" | "to" | "errors" | "fiscalYearStartMonth">) {
  const uid = useId();
  const fromRef = useRef<HTMLInputElement>(null);
  const toRef = useRef<HTMLInputElement>(null);
  const choose = (preset: string) => {
    if (!preset) return;
    const p = presetPeriodToday(preset as PeriodPreset, fiscalYearStartMonth);
    if (fromRef.current) fromRef.current.value = p.start;
    if (toRef.current) toRef.current.value = p.end;
  };
  return (
    <Form method="get" className="flex flex-wrap items-end gap-4 rounded-lg border border-slate-200 p-4" aria-label="Period of the return">
      <InputField
        as="select"
        id={`${uid}-preset`}
        label="Period"
        defaultValue={presetToday(from, to, fiscalYearStartMonth)}
        onChange={(e) => choose(e.target.value)}
      >
        <PeriodPresetOptions />
      </InputField>
      <InputField ref={fromRef} id={`${uid}-from`} label="From" type="date" name="from" defaultValue={from} error={errors.from} />
      <InputField ref={toRef} id={`${uid}-to`} label="To" type="date" name="to" defaultValue={to} error={errors.to} />
      <Button type="submit">Show</Button>
    </Form>
  );
}

/**
 * The tax return (/accounting/:orgId/tax-return): the period's boxes with their base and tax (each figure shows the
 * lines behind it), the corrections of filed periods, the same figures by tax code and part (a US code's parts are its
 * jurisdictions; each figure shows its lines too), the net payable or refundable, the reconciliation with the tax
 * accounts, the return as CSV and PDF, filing (with "books.tax") and the filed returns with their PDFs.
 */
export function TaxReturnScreen({ from, to, fiscalYearStartMonth, report, filed, filters, covered, authorities, errors }: Props) {
  const { can } = useBooks();
  const orgId = useBooksOrgId();
  const money = useMoney();
  const [open, setOpen] = useState<OpenFigure | null>(null);
  const refundable = report ? (toCents(report.net) ?? 0n) < 0n : false;
  return (
    <div className="space-y-6">
      <div>
        <h2 className="text-xl font-semibold text-ink">Tax return</h2>
        <p className="mt-1 max-w-3xl text-sm text-muted">
          The boxes of the period&apos;s return from its posted tax-coded lines, and the same figures by tax code: the taxable base and the
          tax. Choose a figure to see its lines.
        </p>
        {report?.basis === "cash" ? (
          <p className="mt-1 max-w-3xl text-sm text-muted" data-testid="tax-basis">
            {CASH_BASIS_NOTE} Other tax-coded lines count on their date.
          </p>
        ) : null}
      </div>
      <PeriodForm from={from} to={to} errors={errors} fiscalYearStartMonth={fiscalYearStartMonth} />
      {report ? (
        <>
          {report.line_count === 0 ? <p className="text-sm text-muted">No tax-coded line is posted in this period.</p> : null}
          {report.boxes.length ? <BoxesTable title="Boxes" boxes={report.boxes} onOpen={(b) => setOpen(boxFigure(b))} /> : null}
          {report.corrections.length ? (
            <BoxesTable title="Corrections" boxes={report.corrections} onOpen={(b) => setOpen(boxFigure(b))} />
          ) : null}
          {report.codes.length ? <CodesTable codes={report.codes} onOpen={(c, p) => setOpen(codeFigure(c, p))} /> : null}
          <dl
            className="grid max-w-md grid-cols-2 gap-x-6 gap-y-1 rounded-lg border border-slate-200 p-4 text-sm"
            data-testid="tax-return-net"
          >
            <dt className="text-muted">Tax due</dt>
            <dd className="text-right tabular-nums">{money.money(report.due)}</dd>
            <dt className="text-muted">Tax deductible</dt>
            <dd className="text-right tabular-nums">{money.money(report.deductible)}</dd>
            <dt className="font-semibold text-ink">{refundable ? "Net refundable" : "Net payable"}</dt>
            <dd className="text-right font-semibold tabular-nums">{money.money(report.net.replace(/^-/, ""))}</dd>
          </dl>
          <Reconciliation report={report} />
          <div className="flex flex-wrap items-center gap-4">
            <a className={linkClass} href={taxReturnCsvUrl(orgId, from, to)} download>
              CSV
            </a>
            <a className={linkClass} href={taxReturnPdfUrl(orgId, from, to)} download>
              PDF
            </a>
            {can["books.tax"] && report.line_count > 0 && !covered ? <FileReturn from={from} to={to} authorities={authorities} /> : null}
            {covered ? <p className="text-sm text-muted">The period is in the filed return {covered}.</p> : null}
          </div>
        </>
      ) : null}
      <FiledReturns filed={filed} filters={filters} />
      {open ? <FigureLines figure={open} from={from} to={to} onClose={() => setOpen(null)} /> : null}
    </div>
  );
}
