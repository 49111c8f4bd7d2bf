import { Link } from "react-router";
import { formatLongDate } from "~/lib/format.ts";
import { booksPath, useBooksOrgId } from "~/features/ledger/index.ts";
import { KIND_LABELS } from "../document-math.ts";
import { sideOfKind, type DocumentKind } from "../sales.schema.ts";
import type { DocumentDetails } from "../sales.types.ts";
import { referenceLabel } from "./document-form-values.ts";
import { documentPath, listPath } from "./document-paths.ts";
import { DocumentStateBadge } from "./document-state-badge.tsx";
import { Fact } from "./fact.tsx";

/**
 * A document's page head: back to its list, its kind and number (or "Draft") with its state, then its facts: contact,
 * issue and due dates, reference and the document it credits.
 */
export function DocumentHeader({
  document: d,
  credited,
}: {
  document: DocumentDetails;
  credited: { id: number; number: string | null; kind: DocumentKind } | null;
}) {
  const orgId = useBooksOrgId();
  const kind = KIND_LABELS[d.kind];
  const side = sideOfKind(d.kind);
  const name = d.number ? `${kind} ${d.number}` : `Draft ${kind.toLowerCase()}`;
  return (
    <div>
      <Link to={listPath(orgId, side)} className="text-sm font-medium text-brand-700 underline">
        {side === "receivable" ? "Back to sales" : "Back to purchases"}
      </Link>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <h2 className="text-2xl font-semibold text-ink">{name}</h2>
        <DocumentStateBadge state={d.state} kind={d.kind} className="text-sm" />
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-3 lg:grid-cols-5">
        <Fact term={side === "receivable" ? "Customer" : "Supplier"}>
          <Link to={booksPath(orgId, `contacts/${d.contact_id}`)} className="font-medium text-brand-700 underline">
            {d.contact_name}
          </Link>
        </Fact>
        <Fact term="Issue date">{formatLongDate(d.issue_date)}</Fact>
        <Fact term="Due date">{formatLongDate(d.due_date)}</Fact>
        <Fact term={referenceLabel(d.kind)}>{d.reference ?? "—"}</Fact>
        {credited ? (
          <Fact term="Credits">
            <Link to={documentPath(orgId, credited.kind, credited.id)} className="font-medium text-brand-700 underline">
              {credited.number ?? "a draft"}
            </Link>
          </Fact>
        ) : null}
      </dl>
    </div>
  );
}
