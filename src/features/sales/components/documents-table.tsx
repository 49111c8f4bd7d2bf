import { Link } from "react-router";
import { formatLongDate } from "~/lib/format.ts";
import { cn } from "~/ui/cn.ts";
import { CardCell, CardTable } from "~/ui/card-table.tsx";
import { useMoney } from "~/features/ledger/index.ts";
import { KIND_LABELS } from "../document-math.ts";
import type { DocumentSummary } from "../sales.types.ts";
import { documentPath } from "./document-paths.ts";
import { DocumentStateBadge } from "./document-state-badge.tsx";

const HEADS = ["Number", "Contact", "Date", "Due", "Total", "Owed", "State"];

/**
 * One page of a side's documents, newest first: its number (a link to it; "Draft" before it is approved), contact,
 * dates, total, what is still owed (a credit's amount not yet used, negative) and its state. Below 1024 px each
 * document is a card.
 */
export function DocumentsTable({ documents, caption, orgId }: { documents: DocumentSummary[]; caption: string; orgId: number }) {
  const { money } = useMoney();
  return (
    <CardTable caption={caption} heads={HEADS} numeric={["Total", "Owed"]} cards="lg">
      {documents.map((d) => {
        const credit = d.kind === "credit_note" || d.kind === "supplier_credit";
        return (
          <tr
            key={d.id}
            data-testid="document-row"
            className={cn(
              "max-lg:grid max-lg:grid-cols-2 max-lg:gap-x-3 max-lg:gap-y-2 max-lg:px-3 max-lg:py-3",
              d.status === "draft" && "bg-amber-50/60",
            )}
          >
            <CardCell cards="lg" className="whitespace-nowrap">
              <Link to={documentPath(orgId, d.kind, d.id)} className="font-mono font-semibold text-brand-700 underline">
                {d.number ?? "Draft"}
                <span className="sr-only">
                  {" "}
                  {KIND_LABELS[d.kind].toLowerCase()}, {d.contact_name}
                </span>
              </Link>
              {credit ? <span className="block text-xs text-muted">{KIND_LABELS[d.kind]}</span> : null}
            </CardCell>
            <CardCell cards="lg" className="max-lg:order-3 max-lg:col-span-2 lg:min-w-48">
              {d.contact_name}
            </CardCell>
            <CardCell cards="lg" label="Date" className="max-lg:order-4 lg:whitespace-nowrap">
              {formatLongDate(d.issue_date)}
            </CardCell>
            <CardCell cards="lg" label="Due" className="max-lg:order-5 lg:whitespace-nowrap">
              {d.status === "void" ? "—" : formatLongDate(d.due_date)}
            </CardCell>
            <CardCell cards="lg" label="Total" className="max-lg:order-6 whitespace-nowrap tabular-nums lg:text-right">
              {money(d.total)}
            </CardCell>
            <CardCell cards="lg" label="Owed" className="max-lg:order-7 whitespace-nowrap tabular-nums lg:text-right">
              {d.status === "approved" ? money(credit && d.owed !== "0.00" ? `-${d.owed}` : d.owed) : "—"}
            </CardCell>
            <CardCell cards="lg" className="max-lg:order-2 max-lg:text-right">
              <DocumentStateBadge state={d.state} kind={d.kind} />
            </CardCell>
          </tr>
        );
      })}
    </CardTable>
  );
}
