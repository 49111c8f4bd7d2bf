import { useMemo, useState } from "react";
import { useAction } from "~/ui/use-action.ts";
import { useBooks } from "~/features/ledger/index.ts";
import type { DocumentKind } from "../sales.schema.ts";
import type { DocumentDetails, OpenItem } from "../sales.types.ts";
import { DocumentActions, type DocumentActionsAllowed, type DocumentDialog } from "./document-actions.tsx";
import { counterpartsOf } from "./document-apply-dialog.tsx";
import { creditKindOf } from "./document-form-values.ts";
import { DocumentFiles } from "./document-files.tsx";
import { DocumentHeader } from "./document-header.tsx";
import { DocumentLinesSection } from "./document-lines-section.tsx";
import { DocumentPayments } from "./document-payments.tsx";
import { DocumentSharing } from "./document-sharing.tsx";
import type { PayAccount } from "./payment-values.ts";

/**
 * A document (/accounting/:orgId/sales/:docId, purchases/:docId): its kind, number (or "Draft") and state, contact,
 * dates and reference; its lines, subtotal, tax per code, total and what is still owed; the payments and credits
 * allocated to it. What may be done depends on its state and the reader's permissions: a draft is edited, deleted,
 * submitted (a bill, where bills need approval) or approved; an approved one is paid, has a credit applied, is credited
 * or voided.
 */
export function DocumentScreen({
  document: d,
  credited,
  items,
  payAccounts,
  controlAccounts,
  billsNeedApproval,
  clientMaySend,
}: {
  document: DocumentDetails;
  credited: { id: number; number: string | null; kind: DocumentKind } | null;
  items: OpenItem[];
  payAccounts: PayAccount[];
  controlAccounts: number[];
  billsNeedApproval: boolean;
  /** The settings let the client's side send in books the firm keeps. */
  clientMaySend: boolean;
}) {
  const { accounts, can } = useBooks();
  const { act, pending } = useAction();
  const [dialog, setDialog] = useState<DocumentDialog>(null);
  const dialogProps = (which: DocumentDialog) => ({
    open: dialog === which,
    onOpenChange: (o: boolean) => setDialog(o ? which : null),
  });
  const writeOffAccounts = useMemo(() => accounts.filter((a) => !controlAccounts.includes(a.id)), [accounts, controlAccounts]);

  const draft = d.status === "draft" || d.status === "awaiting_approval";
  const approved = d.status === "approved";
  const owes = approved && d.owed !== "0.00";
  const needsSubmit = d.kind === "bill" && billsNeedApproval && d.status === "draft";
  const creditKind = creditKindOf(d.kind);
  const counterparts = approved ? counterpartsOf(d, items) : [];
  const actions: DocumentActionsAllowed = {
    edit: can["books.sales.write"] && draft,
    remove: can["books.sales.write"] && draft,
    submit: can["books.sales.write"] && needsSubmit,
    approve: can["books.sales.approve"] && draft && !needsSubmit,
    pay: can["books.sales.pay"] && owes,
    apply: can["books.sales.pay"] && owes && counterparts.length > 0,
    credit: can["books.sales.write"] && approved && creditKind !== null,
    void: can["books.sales.void"] && approved,
  };
  const any = Object.values(actions).some(Boolean);

  return (
    <div className="space-y-6">
      <DocumentHeader document={d} credited={credited} />

      {any ? (
        <DocumentActions
          document={d}
          actions={actions}
          creditKind={creditKind}
          dialogProps={dialogProps}
          items={items}
          payAccounts={payAccounts}
          writeOffAccounts={writeOffAccounts}
          act={act}
        />
      ) : null}

      <DocumentLinesSection document={d} />

      <section aria-labelledby="document-payments" className="space-y-3">
        <h3 id="document-payments" className="text-lg font-semibold text-ink">
          Payments and credits
        </h3>
        <DocumentPayments document={d} canUndo={can["books.sales.pay"]} />
      </section>

      <DocumentFiles document={d} />
      <DocumentSharing document={d} clientMaySend={clientMaySend} />

      {pending ? (
        <span className="sr-only" role="status">
          Working…
        </span>
      ) : null}
    </div>
  );
}
