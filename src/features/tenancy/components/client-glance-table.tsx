import { Link } from "react-router";
import { buttonClass } from "~/ui/button.tsx";
import type { ClientGlance } from "../tenancy.types.ts";
import { BankSummary, LockSummary, NextWorkSummary, PackSummary, UnreadSummary, WaitingSummary } from "./client-glance-parts.tsx";

const COLUMNS = ["Client", "Bank", "Lock date", "Waiting on client", "Waiting on firm", "Messages", "Next work", "Last pack"];

/** Open the books (members), or say the firm has no access any more. */
function Access({ client }: { client: ClientGlance }) {
  if (client.is_member)
    return (
      <Link to={`/accounting/${client.id}`} className={`${buttonClass("secondary", "sm")} mt-1`}>
        Open books<span className="sr-only"> of {client.name}</span>
      </Link>
    );
  if (!client.firm_access)
    return (
      <span className="mt-1 inline-flex whitespace-nowrap rounded-full bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-inset ring-amber-200">
        No firm access
      </span>
    );
  return null;
}

/** One fact of a client: each column's cell of the table, each line of a card. */
function facts(c: ClientGlance, monthEnd: string, today: string) {
  return [
    <BankSummary key="bank" client={c} monthEnd={monthEnd} />,
    <LockSummary key="lock" client={c} monthEnd={monthEnd} />,
    <WaitingSummary key="client" client={c} on="client" today={today} />,
    <WaitingSummary key="firm" client={c} on="firm" today={today} />,
    <UnreadSummary key="unread" client={c} />,
    <NextWorkSummary key="work" client={c} today={today} />,
    <PackSummary key="pack" client={c} />,
  ];
}

/** The page's clients: a table on a desktop, cards on a phone; every fact in both. */
export function ClientGlanceTable({ clients, monthEnd, today }: { clients: ClientGlance[]; monthEnd: string; today: string }) {
  if (clients.length === 0)
    return <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-muted">No clients match these filters.</p>;
  return (
    <>
      <table className="hidden w-full text-left text-sm lg:table">
        <caption className="sr-only">Clients at a glance</caption>
        <thead className="border-b border-slate-300 text-xs uppercase tracking-wide text-slate-600">
          <tr>
            {COLUMNS.map((label) => (
              <th key={label} scope="col" className="py-2 pr-3 last:pr-0">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {clients.map((c) => (
            <tr key={c.id} className="align-top">
              <th scope="row" className="py-2 pr-3 font-normal">
                <Link to={`/firm/clients/${c.id}`} className="font-semibold text-brand-800 underline-offset-2 hover:underline">
                  {c.name}
                </Link>
                <div>
                  <Access client={c} />
                </div>
              </th>
              {facts(c, monthEnd, today).map((cell) => (
                <td key={cell.key} className="py-2 pr-3 last:pr-0">
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="space-y-3 lg:hidden" aria-label="Clients at a glance">
        {clients.map((c) => (
          <li key={c.id} className="rounded-lg border border-slate-200 bg-white p-4">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <h2 className="min-w-0 break-words text-base font-bold">
                <Link to={`/firm/clients/${c.id}`} className="text-brand-800 underline">
                  {c.name}
                </Link>
              </h2>
              <Access client={c} />
            </div>
            <dl className="mt-2 grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-2">
              {facts(c, monthEnd, today).map((cell, i) => (
                <div key={cell.key}>
                  <dt className="text-xs font-semibold uppercase tracking-wide text-slate-600">{COLUMNS[i + 1]}</dt>
                  <dd>{cell}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}
