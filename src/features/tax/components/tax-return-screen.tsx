import { useId, useRef, useState } from "react";
import { Form } from "react-router";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { setServerErrors } from "~/lib/form.ts";
import { formatDateTime } from "~/lib/format.ts";
import { toCents } from "~/lib/money.ts";
import { Button } from "~/ui/button.tsx";
import { InputField } from "~/ui/field.tsx";
import { Modal } from "~/ui/modal.tsx";
import { tdClass, thClass } from "~/ui/table.tsx";
import { useAction } from "~/ui/use-action.ts";
import { useLoad } from "~/ui/use-load.ts";
import { defaultPeriod, PERIOD_PRESETS, PRESET_LABELS, presetPeriod, type PeriodPreset } from "~/features/ledger/index.ts";
import { useBooks, useBooksOrgId, useMoney } from "~/features/ledger/index.ts";
import { taxReturnFileSchema, type TaxReturnFileInput } from "../tax-return.schema.ts";
import { fileTaxReturn, filedTaxReturnPdfUrl, getTaxReturnLines, taxReturnCsvUrl, taxReturnPdfUrl } from "../tax-return.api.ts";
import type { FiledTaxReturn, TaxReturnBox, TaxReturnGroup, TaxReturnReport } from "../tax-return.types.ts";

const linkClass = "font-semibold text-brand-700 underline hover:text-brand-900";
const figureClass = "font-mono tabular-nums text-brand-700 underline decoration-dotted hover:text-brand-900";

interface Props {
  from: string;
  to: string;
  fiscalYearStartMonth: number;
  report: TaxReturnReport | null;
  filed: FiledTaxReturn[];
  authorities: { id: number; label: string }[];
  errors: Record<string, string>;
}

/** The preset whose period today is exactly this one, or "" (custom dates). */
function presetOf(from: string, to: string, startMonth: number): PeriodPreset | "" {
  const today = defaultPeriod().end;
  return (
    PERIOD_PRESETS.find((p) => {
      const period = presetPeriod(p, today, startMonth);
      return period.start === from && period.end === to;
    }) ?? ""
  );
}

/** The period: a preset fills the dates; "Show" loads the return of the dates (the URL's from and to). */
function PeriodForm({ from, to, errors, fiscalYearStartMonth }: Pick<Props, "from" | "to" | "errors" | "fiscalYearStartMonth">) {
  const uid = useId();
  const fromRef = useRef<HTMLInputElement>(null);
  const toRef = useRef<HTMLInputElement>(null);
  const choose = (preset: string) => {
    if (!preset) return;
    const p = presetPeriod(preset as PeriodPreset, defaultPeriod().end, fiscalYearStartMonth);
    if (fromRef.current) fromRef.current.value = p.start;
    if (toRef.current) toRef.current.value = p.end;
  };
  return (
    <Form method="get" className="flex flex-wrap items-end gap-4 rounded-lg border border-slate-200 p-4" aria-label="Period of the return">
      <InputField
        as="select"
        id={`${uid}-preset`}
        label="Period"
        defaultValue={presetOf(from, to, fiscalYearStartMonth)}
        onChange={(e) => choose(e.target.value)}
      >
        <option value="">Custom dates</option>
        {PERIOD_PRESETS.map((p) => (
          <option key={p} value={p}>
            {PRESET_LABELS[p]}
          </option>
        ))}
      </InputField>
      <InputField ref={fromRef} id={`${uid}-from`} label="From" type="date" name="from" defaultValue={from} error={errors.from} />
      <InputField ref={toRef} id={`${uid}-to`} label="To" type="date" name="to" defaultValue={to} error={errors.to} />
      <Button type="submit">Show</Button>
    </Form>
  );
}

/** The lines behind one box, a page at a time. */
function BoxLines({
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
                  <td className={`${tdClass} text-right font-mono tabular-nums`}>{l.base == null ? "" : money.money(l.base)}</td>
                  <td className={`${tdClass} text-right font-mono tabular-nums`}>{l.tax == null ? "" : money.money(l.tax)}</td>
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

function BoxesTable({ title, boxes, onOpen }: { title: string; boxes: TaxReturnBox[]; onOpen: (b: TaxReturnBox) => void }) {
  const money = useMoney();
  const figure = (b: TaxReturnBox, value: string, what: string) =>
    value === "0.00" ? (
      <span className="font-mono tabular-nums text-muted">{money.money(value)}</span>
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

function Reconciliation({ report }: { report: TaxReturnReport }) {
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
              <td className={`${tdClass} text-right font-mono tabular-nums`}>{money.money(a.movement)}</td>
              <td className={`${tdClass} text-right font-mono tabular-nums`}>{money.money(a.return_tax)}</td>
              <td className={`${tdClass} text-right font-mono tabular-nums ${a.difference === "0.00" ? "" : "font-semibold text-red-700"}`}>
                {money.money(a.difference)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** Filing: the authority's account and the return's name, confirmed; one transaction on the server. */
function FileReturn({ from, to, authorities }: { from: string; to: string; authorities: Props["authorities"] }) {
  const uid = useId();
  const orgId = useBooksOrgId();
  const [open, setOpen] = useState(false);
  const { act, pending } = useAction();
  const { register, handleSubmit, setError, formState } = useForm<TaxReturnFileInput>({
    resolver: zodResolver(taxReturnFileSchema),
    defaultValues: { period_start: from, period_end: to, name: `Tax return ${from} to ${to}` },
  });
  const submit = handleSubmit(async (values) => {
    const res = await act(() => fileTaxReturn(orgId, values), {
      failure: "Return not filed",
      success: (d) => `${d.tax_return.name} filed`,
    });
    if (res.ok) setOpen(false);
    else setServerErrors(setError, res.fields);
  });
  const error = formState.errors.period_start?.message ?? formState.errors.period_end?.message;
  return (
    <Modal
      open={open}
      onOpenChange={setOpen}
      title="File the return"
      description={`Files the return of ${from} to ${to}: its tax accounts are settled to the authority's account by an entry dated ${to}, and no tax-coded line can be dated in the period afterwards.`}
      dismissOnOutsideClick={false}
      trigger={<Button>File return</Button>}
    >
      <form noValidate onSubmit={(e) => void submit(e)} className="space-y-4">
        <input type="hidden" {...register("period_start")} />
        <input type="hidden" {...register("period_end")} />
        <InputField
          as="select"
          id={`${uid}-authority`}
          label="Authority account"
          hint="The account the net payable (or refundable) goes to."
          error={formState.errors.authority_account_id?.message}
          defaultValue=""
          {...register("authority_account_id", { valueAsNumber: true })}
        >
          <option value="" disabled>
            Choose an account
          </option>
          {authorities.map((a) => (
            <option key={a.id} value={a.id}>
              {a.label}
            </option>
          ))}
        </InputField>
        <InputField id={`${uid}-name`} label="Name" error={formState.errors.name?.message} {...register("name")} />
        {error ? (
          <p role="alert" className="text-sm font-medium text-red-700">
            {error}
          </p>
        ) : null}
        <div className="flex justify-end gap-3">
          <Button type="button" variant="secondary" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={pending}>
            {pending ? "Filing..." : "File"}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

function FiledReturns({ filed }: { filed: FiledTaxReturn[] }) {
  const orgId = useBooksOrgId();
  const money = useMoney();
  return (
    <section aria-labelledby="filed-returns-heading">
      <h3 id="filed-returns-heading" className="text-base font-semibold text-ink">
        Filed returns
      </h3>
      {filed.length === 0 ? (
        <p className="mt-2 text-sm text-muted">No return has been filed yet.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200 text-sm" data-testid="filed-tax-returns">
          {filed.map((r) => (
            <li key={r.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
              <div>
                <p className="font-semibold text-ink">{r.name}</p>
                <p className="text-muted">
                  {r.period_start} to {r.period_end} · net {money.money(r.net_amount)}
                  {r.settlement_entry_number ? ` · settled by ${r.settlement_entry_number}` : ""} · filed by{" "}
                  {r.filed_by ?? "a former member"}, {formatDateTime(r.filed_at)}
                </p>
              </div>
              <a className={linkClass} href={filedTaxReturnPdfUrl(orgId, r.id)} download>
                Download<span className="sr-only"> {r.name}</span> (PDF)
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * The tax return (/accounting/:orgId/tax-return): the period's boxes with their base and tax (each figure shows the
 * lines behind it), the corrections of filed periods, the net payable or refundable, the reconciliation with the tax
 * accounts, the return as CSV and PDF, filing (with "books.tax") and the filed returns with their PDFs.
 */
export function TaxReturnScreen({ from, to, fiscalYearStartMonth, report, filed, authorities, errors }: Props) {
  const { can } = useBooks();
  const orgId = useBooksOrgId();
  const money = useMoney();
  const [open, setOpen] = useState<{ box: string; group: TaxReturnGroup } | null>(null);
  const refundable = report ? (toCents(report.net) ?? 0n) < 0n : false;
  const covered = filed.find((r) => r.period_start <= to && from <= r.period_end);
  return (
    <div className="space-y-6">
      <div>
        <h2 className="text-xl font-semibold text-ink">Tax return</h2>
        <p className="mt-1 max-w-3xl text-sm text-muted">
          The boxes of the period&apos;s return from its posted tax-coded lines: the taxable base and the tax. Choose a figure to see its
          lines.
        </p>
      </div>
      <PeriodForm from={from} to={to} errors={errors} fiscalYearStartMonth={fiscalYearStartMonth} />
      {report ? (
        <>
          {report.line_count === 0 ? <p className="text-sm text-muted">No tax-coded line is posted in this period.</p> : null}
          {report.boxes.length ? (
            <BoxesTable title="Boxes" boxes={report.boxes} onOpen={(b) => setOpen({ box: b.box, group: "boxes" })} />
          ) : null}
          {report.corrections.length ? (
            <BoxesTable title="Corrections" boxes={report.corrections} onOpen={(b) => setOpen({ box: b.box, group: "corrections" })} />
          ) : null}
          <dl
            className="grid max-w-md grid-cols-2 gap-x-6 gap-y-1 rounded-lg border border-slate-200 p-4 text-sm"
            data-testid="tax-return-net"
          >
            <dt className="text-muted">Tax due</dt>
            <dd className="text-right font-mono tabular-nums">{money.money(report.due)}</dd>
            <dt className="text-muted">Tax deductible</dt>
            <dd className="text-right font-mono tabular-nums">{money.money(report.deductible)}</dd>
            <dt className="font-semibold text-ink">{refundable ? "Net refundable" : "Net payable"}</dt>
            <dd className="text-right font-mono font-semibold tabular-nums">{money.money(report.net.replace(/^-/, ""))}</dd>
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
            {covered ? <p className="text-sm text-muted">The period is in the filed return {covered.name}.</p> : null}
          </div>
        </>
      ) : null}
      <FiledReturns filed={filed} />
      {open ? <BoxLines box={open.box} group={open.group} from={from} to={to} onClose={() => setOpen(null)} /> : null}
    </div>
  );
}
