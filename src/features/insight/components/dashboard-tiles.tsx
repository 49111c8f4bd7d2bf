import { formatLongDate, type MoneyFormat } from "~/lib/format.ts";
import type { DashboardFigures } from "../dashboard.types.ts";

function Tile({ term, value, note }: { term: string; value: string; note: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4">
      <dt className="text-sm font-semibold text-muted">{term}</dt>
      <dd className="mt-1 text-2xl font-bold tabular-nums text-ink [overflow-wrap:anywhere]">{value}</dd>
      <dd className="mt-1 text-sm text-muted">{note}</dd>
    </div>
  );
}

/** The balances today: cash, what customers owe, what is owed to suppliers, and how long cash lasts at its recent burn. */
export function DashboardTiles({ d, money }: { d: DashboardFigures; money: MoneyFormat }) {
  const accounts = d.bankAccounts === 1 ? "your bank account" : `your ${d.bankAccounts} bank accounts`;
  const { runway } = d;
  return (
    <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <Tile
        term="Cash today"
        value={money.money(d.cashToday)}
        note={d.bankAccounts === 0 ? "No bank account is set up in the books yet." : `In ${accounts}, ${formatLongDate(d.today)}.`}
      />
      <Tile term="Customers owe you" value={money.money(d.receivable)} note="Accounts receivable: invoices not yet paid." />
      <Tile term="You owe suppliers" value={money.money(d.payable)} note="Accounts payable: bills not yet paid." />
      <Tile
        term="Cash runway"
        value={runway.months === null ? "Not burning" : `${runway.months.toFixed(1)} months`}
        note={
          runway.averageBurn === null
            ? `Cash did not go down from ${runway.over}.`
            : `At ${money.money(runway.averageBurn)} a month, the average fall in cash from ${runway.over}.`
        }
      />
    </dl>
  );
}
