import { formatLongDate, moneyIn } from "~/lib/format.ts";
import { buttonClass } from "~/ui/button.tsx";
import { cn } from "~/ui/cn.ts";
import { sharedDocumentPdfUrl } from "../sharing.api.ts";
import type { SharedDocument } from "../sharing.types.ts";
import { quantityText } from "../document-math.ts";

const STATE_TEXT: Record<SharedDocument["state"], { label: string; tone: string }> = {
  unpaid: { label: "Unpaid", tone: "bg-sky-100 text-sky-900" },
  overdue: { label: "Overdue", tone: "bg-red-100 text-red-900" },
  partly_paid: { label: "Partly paid", tone: "bg-indigo-100 text-indigo-900" },
  paid: { label: "Paid", tone: "bg-green-100 text-green-900" },
  void: { label: "Cancelled", tone: "bg-slate-200 text-slate-800" },
};

/** The document's lines: description, quantity and unit price (under the description on a phone), discount and tax code, amount. */
function SharedDocumentLines({ document: d }: { document: SharedDocument }) {
  const { money } = moneyIn(d.currency);
  return (
    <table className="mt-6 w-full text-sm">
      <caption className="sr-only">Lines</caption>
      <thead>
        <tr className="border-b border-slate-300 text-left text-xs uppercase tracking-wide text-muted">
          <th scope="col" className="py-2 pr-2 font-semibold">
            Description
          </th>
          <th scope="col" className="hidden py-2 pr-2 text-right font-semibold sm:table-cell">
            Qty
          </th>
          <th scope="col" className="hidden py-2 pr-2 text-right font-semibold sm:table-cell">
            Unit price
          </th>
          <th scope="col" className="py-2 text-right font-semibold">
            Amount
          </th>
        </tr>
      </thead>
      <tbody>
        {d.lines.map((l, i) => {
          const discount = quantityText(l.discount_percent);
          return (
            <tr key={i} className="border-b border-slate-200 align-top">
              <td className="py-2 pr-2">
                <span className="[overflow-wrap:anywhere]">{l.description}</span>
                <span className="block text-xs text-muted sm:hidden">
                  {quantityText(l.quantity)} × {money(l.unit_price)}
                </span>
                {discount !== "0" || l.tax_code ? (
                  <span className="block text-xs text-muted">
                    {[discount !== "0" ? `${discount}% discount` : null, l.tax_code ? `Tax ${l.tax_code}` : null]
                      .filter(Boolean)
                      .join(" · ")}
                  </span>
                ) : null}
              </td>
              <td className="hidden py-2 pr-2 text-right tabular-nums sm:table-cell">{quantityText(l.quantity)}</td>
              <td className="hidden py-2 pr-2 text-right tabular-nums sm:table-cell">{money(l.unit_price)}</td>
              <td className="py-2 text-right tabular-nums">{money(l.amount)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** A shared invoice or credit note as its customer reads it: the business, her, the dates, what is owed, the lines, the totals. */
export function SharedDocumentView({ document: d, token }: { document: SharedDocument; token: string }) {
  const { money } = moneyIn(d.currency);
  const invoice = d.kind === "invoice";
  const owedLabel = invoice ? "Amount due" : "Credit remaining";
  const state = STATE_TEXT[d.state];
  return (
    <article
      className="mx-auto max-w-3xl rounded-lg border border-slate-200 bg-white p-4 text-ink shadow-sm sm:p-8"
      aria-labelledby="shared-title"
    >
      <header className="flex flex-col-reverse gap-6 sm:flex-row sm:items-start sm:justify-between">
        <div>
          {d.from.logo ? (
            <img src={d.from.logo} alt={`${d.from.name} logo`} className="mb-3 max-h-16 max-w-[12rem] object-contain" />
          ) : null}
          <p className="text-lg font-semibold">{d.from.name}</p>
          {d.from.address ? <p className="whitespace-pre-line text-sm text-muted">{d.from.address}</p> : null}
        </div>
        <div className="sm:text-right">
          <h1 id="shared-title" className="text-2xl font-bold text-brand-800">
            {d.title} {d.number}
          </h1>
          <span className={cn("mt-2 inline-block rounded-full px-2 py-0.5 text-xs font-semibold", state.tone)}>{state.label}</span>
        </div>
      </header>

      <div className="mt-6 grid gap-6 sm:grid-cols-2">
        <div>
          <p className="text-xs font-semibold uppercase tracking-wide text-muted">{invoice ? "Bill to" : "Credit to"}</p>
          <p className="mt-1 font-semibold">{d.customer.name}</p>
          {d.customer.address ? <p className="whitespace-pre-line text-sm">{d.customer.address}</p> : null}
        </div>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:justify-self-end">
          <dt className="text-muted">Date</dt>
          <dd className="font-medium">{formatLongDate(d.issue_date)}</dd>
          {invoice ? (
            <>
              <dt className="text-muted">Due</dt>
              <dd className="font-medium">{formatLongDate(d.due_date)}</dd>
            </>
          ) : null}
          {d.reference ? (
            <>
              <dt className="text-muted">Reference</dt>
              <dd className="font-medium">{d.reference}</dd>
            </>
          ) : null}
        </dl>
      </div>

      <div className="mt-6 flex flex-col gap-3 rounded-lg bg-slate-50 p-4 sm:flex-row sm:items-center sm:justify-between">
        {d.state === "void" ? (
          <p className="font-semibold">This {d.title.toLowerCase()} was cancelled: nothing is owed on it.</p>
        ) : (
          <div>
            <p className="text-xs font-semibold uppercase tracking-wide text-muted">{owedLabel}</p>
            <p className="text-3xl font-bold tabular-nums" data-testid="shared-owed">
              {money(d.owed)}
            </p>
          </div>
        )}
        <a className={buttonClass("primary")} href={sharedDocumentPdfUrl(token)} download>
          Download PDF
        </a>
      </div>

      <SharedDocumentLines document={d} />
      {d.amounts_are === "inclusive" ? <p className="mt-1 text-xs text-muted">Line amounts include tax.</p> : null}

      <dl className="ml-auto mt-4 max-w-xs space-y-1 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-muted">Subtotal</dt>
          <dd className="tabular-nums">{money(d.subtotal)}</dd>
        </div>
        {d.taxes.length > 0
          ? d.taxes.map((t) => (
              <div key={t.code} className="flex justify-between gap-4">
                <dt className="text-muted">
                  {t.name} ({t.code})
                </dt>
                <dd className="tabular-nums">{money(t.amount)}</dd>
              </div>
            ))
          : null}
        <div className="flex justify-between gap-4 border-t border-slate-300 pt-1 font-semibold">
          <dt>Total</dt>
          <dd className="tabular-nums">{money(d.total)}</dd>
        </div>
        {d.paid !== "0.00" ? (
          <div className="flex justify-between gap-4">
            <dt className="text-muted">Paid and credited</dt>
            <dd className="tabular-nums">{money(`-${d.paid}`.replace("--", ""))}</dd>
          </div>
        ) : null}
        {d.state !== "void" ? (
          <div className="flex justify-between gap-4 text-base font-semibold">
            <dt>{owedLabel}</dt>
            <dd className="tabular-nums">{money(d.owed)}</dd>
          </div>
        ) : null}
      </dl>

      {d.notes ? (
        <section className="mt-6 text-sm" aria-label="Notes">
          <h2 className="font-semibold">Notes</h2>
          <p className="mt-1 whitespace-pre-line">{d.notes}</p>
        </section>
      ) : null}

      <p className="mt-8 border-t border-slate-200 pt-4 text-xs text-muted">
        Shared with you by {d.from.name}. This link opens this {d.title.toLowerCase()} only and works until{" "}
        {formatLongDate(d.link_expires_at)}.
      </p>
    </article>
  );
}
