import { useMemo, useState, type ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import { Button, ButtonLink } from "~/ui/button.tsx";
import { ConfirmDialog } from "~/ui/confirm-dialog.tsx";
import { useAction } from "~/ui/use-action.ts";
import { formatLongDate } from "~/lib/format.ts";
import { booksPath, useBooks, useMoney } from "~/features/ledger/index.ts";
import { KIND_LABELS } from "../document-math.ts";
import { approveDocument, deleteDocument, submitDocument } from "../documents.api.ts";
import { sideOfKind, type DocumentKind } from "../sales.schema.ts";
import type { DocumentDetails, OpenItem } from "../sales.types.ts";
import { counterpartsOf, DocumentApplyDialog } from "./document-apply-dialog.tsx";
import { creditKindOf, referenceLabel } from "./document-form-values.ts";
import { DocumentLinesTable } from "./document-lines-table.tsx";
import { documentPath, editDocumentPath, listPath, newDocumentPath } from "./document-paths.ts";
import { DocumentFiles } from "./document-files.tsx";
import { DocumentPayments } from "./document-payments.tsx";
import { DocumentSharing } from "./document-sharing.tsx";
import { DocumentStateBadge } from "./document-state-badge.tsx";
import { DocumentVoidDialog } from "./document-void-dialog.tsx";
import { isCredit, PaymentDialog, type PayAccount } from "./payment-dialog.tsx";

type Dialog = "approve" | "submit" | "delete" | "void" | "pay" | "apply" | null;

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold uppercase tracking-wide text-muted">{term}</dt>
      <dd className="mt-0.5 text-ink">{children}</dd>
    </div>
  );
}

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
  const { organization, accounts, can } = useBooks();
  const { money } = useMoney();
  const navigate = useNavigate();
  const { act, pending } = useAction();
  const [dialog, setDialog] = useState<Dialog>(null);
  const orgId = organization.id;
  const kind = KIND_LABELS[d.kind];
  const side = sideOfKind(d.kind);
  const credit = isCredit(d);
  const name = d.number ? `${kind} ${d.number}` : `Draft ${kind.toLowerCase()}`;
  const dialogProps = (which: Dialog) => ({ open: dialog === which, onOpenChange: (o: boolean) => setDialog(o ? which : null) });
  const writeOffAccounts = useMemo(() => accounts.filter((a) => !controlAccounts.includes(a.id)), [accounts, controlAccounts]);

  const draft = d.status === "draft" || d.status === "awaiting_approval";
  const approved = d.status === "approved";
  const owes = approved && d.owed !== "0.00";
  const needsSubmit = d.kind === "bill" && billsNeedApproval && d.status === "draft";
  const creditKind = creditKindOf(d.kind);
  const counterparts = approved ? counterpartsOf(d, items) : [];
  const actions = {
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

  const run = async (call: () => ReturnType<typeof approveDocument>, failure: string, success: (number: string | null) => string) => {
    const res = await act(call, { failure, success: ({ document }) => success(document.number) });
    return res.ok;
  };

  return (
    <div className="space-y-6">
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

      {any ? (
        // Each action's dialog opens from its button, and the focus goes back to it when the dialog closes.
        <div className="flex flex-wrap gap-2" role="group" aria-label="Actions">
          {actions.pay ? (
            <PaymentDialog
              {...dialogProps("pay")}
              trigger={<Button>{credit ? "Record refund" : "Record payment"}</Button>}
              document={d}
              items={items}
              payAccounts={payAccounts}
              writeOffAccounts={writeOffAccounts}
            />
          ) : null}
          {actions.apply ? (
            <DocumentApplyDialog
              {...dialogProps("apply")}
              trigger={
                <Button variant="secondary">
                  {credit ? `Apply to ${side === "receivable" ? "an invoice" : "a bill"}` : "Apply credit"}
                </Button>
              }
              document={d}
              items={items}
            />
          ) : null}
          {actions.approve ? (
            <ConfirmDialog
              {...dialogProps("approve")}
              trigger={<Button variant="accent">Approve</Button>}
              title={`Approve this ${kind.toLowerCase()}?`}
              description={`It takes the next number and is posted to the ledger: ${money(d.total)} ${side === "receivable" ? "from" : "to"} ${d.contact_name}. Once approved it is never changed: it is credited or voided.`}
              confirmLabel="Approve"
              busyLabel="Approving…"
              variant="accent"
              onConfirm={() =>
                run(
                  () => approveDocument(orgId, d.id),
                  "Not approved",
                  (n) => `${kind} ${n} approved`,
                )
              }
            />
          ) : null}
          {actions.submit ? (
            <ConfirmDialog
              {...dialogProps("submit")}
              trigger={<Button>Submit for approval</Button>}
              title="Submit this bill for approval?"
              description="It waits for approval before it is numbered and posted."
              confirmLabel="Submit for approval"
              busyLabel="Submitting…"
              onConfirm={() =>
                run(
                  () => submitDocument(orgId, d.id),
                  "Not submitted",
                  () => "Bill submitted for approval",
                )
              }
            />
          ) : null}
          {actions.edit ? (
            <ButtonLink to={editDocumentPath(orgId, d.kind, d.id)} variant="secondary">
              Edit
            </ButtonLink>
          ) : null}
          {actions.credit && creditKind ? (
            <ButtonLink to={newDocumentPath(orgId, creditKind, d.id)} variant="secondary">
              {KIND_LABELS[creditKind]}
            </ButtonLink>
          ) : null}
          {actions.void ? (
            <DocumentVoidDialog
              {...dialogProps("void")}
              trigger={
                <Button variant="ghost" className="text-red-800 hover:bg-red-50">
                  Void
                </Button>
              }
              document={d}
            />
          ) : null}
          {actions.remove ? (
            <ConfirmDialog
              {...dialogProps("delete")}
              trigger={
                <Button variant="ghost" className="text-red-800 hover:bg-red-50">
                  Delete
                </Button>
              }
              title={`Delete this draft ${kind.toLowerCase()}?`}
              description={`The draft for ${d.contact_name} (${money(d.total)}) is deleted. Nothing was posted.`}
              confirmLabel="Delete draft"
              busyLabel="Deleting…"
              variant="danger"
              onConfirm={async () => {
                const res = await act(() => deleteDocument(orgId, d.id), {
                  failure: "Not deleted",
                  success: "Draft deleted",
                  changes: false,
                });
                if (res.ok) navigate(listPath(orgId, side));
                return res.ok;
              }}
            />
          ) : null}
        </div>
      ) : null}

      <section aria-labelledby="document-lines" className="space-y-3">
        <h3 id="document-lines" className="text-lg font-semibold text-ink">
          Lines
        </h3>
        <DocumentLinesTable document={d} />
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
          <div className="text-sm text-ink">
            {d.notes ? (
              <>
                <h4 className="font-semibold">Notes</h4>
                <p className="mt-1 whitespace-pre-line">{d.notes}</p>
              </>
            ) : null}
          </div>
          <dl className="space-y-1 rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm" data-testid="document-totals">
            <div className="flex justify-between gap-4">
              <dt className="text-muted">Subtotal</dt>
              <dd className="tabular-nums">{money(d.subtotal)}</dd>
            </div>
            {d.taxes.length > 0 ? (
              d.taxes.map((t) => (
                <div key={t.tax_code_id} className="flex justify-between gap-4">
                  <dt className="text-muted">
                    Tax {t.code} <span className="text-xs">({t.name})</span>
                  </dt>
                  <dd className="tabular-nums">{money(t.amount)}</dd>
                </div>
              ))
            ) : (
              <div className="flex justify-between gap-4">
                <dt className="text-muted">Tax</dt>
                <dd className="tabular-nums">{money(d.tax_total)}</dd>
              </div>
            )}
            <div className="flex justify-between gap-4 border-t border-slate-300 pt-1 text-base font-semibold text-ink">
              <dt>Total</dt>
              <dd className="tabular-nums" data-testid="document-total">
                {money(d.total)}
              </dd>
            </div>
            {approved ? (
              <div className="flex justify-between gap-4 text-base font-semibold text-ink">
                <dt>{credit ? "Credit left" : "Owed"}</dt>
                <dd className="tabular-nums" data-testid="document-owed">
                  {money(d.owed)}
                </dd>
              </div>
            ) : null}
          </dl>
        </div>
      </section>

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
