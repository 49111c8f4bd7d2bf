import { useNavigate } from "react-router";
import { Button, ButtonLink } from "~/ui/button.tsx";
import { ConfirmDialog } from "~/ui/confirm-dialog.tsx";
import type { Action } from "~/ui/use-action.ts";
import { useBooksOrgId, useMoney } from "~/features/ledger/index.ts";
import type { AccountDto } from "~/features/ledger/ledger.types.ts";
import { KIND_LABELS } from "../document-math.ts";
import { approveDocument, deleteDocument, submitDocument } from "../documents.api.ts";
import { sideOfKind, type DocumentKind } from "../sales.schema.ts";
import type { DocumentDetails, OpenItem } from "../sales.types.ts";
import { DocumentApplyDialog } from "./document-apply-dialog.tsx";
import { editDocumentPath, listPath, newDocumentPath } from "./document-paths.ts";
import { DocumentVoidDialog } from "./document-void-dialog.tsx";
import { PaymentDialog } from "./payment-dialog.tsx";
import { isCredit, type PayAccount } from "./payment-values.ts";

/** The dialogs of a document's actions, one open at a time. */
export type DocumentDialog = "approve" | "submit" | "delete" | "void" | "pay" | "apply" | null;

/** The actions a document's state and the reader's permissions allow. */
export interface DocumentActionsAllowed {
  edit: boolean;
  remove: boolean;
  submit: boolean;
  approve: boolean;
  pay: boolean;
  apply: boolean;
  credit: boolean;
  void: boolean;
}

/**
 * A document's actions, those allowed: record a payment (a refund), apply a credit, approve, submit for approval, edit,
 * credit, void, delete. Each action's dialog opens from its button, and the focus goes back to it when the dialog closes.
 */
export function DocumentActions({
  document: d,
  actions,
  creditKind,
  dialogProps,
  items,
  payAccounts,
  writeOffAccounts,
  act,
}: {
  document: DocumentDetails;
  actions: DocumentActionsAllowed;
  /** The kind of document that credits this one (null: it is not credited). */
  creditKind: DocumentKind | null;
  dialogProps: (which: DocumentDialog) => { open: boolean; onOpenChange: (open: boolean) => void };
  items: OpenItem[];
  payAccounts: PayAccount[];
  writeOffAccounts: AccountDto[];
  /** The screen's action runner (its pending state is told on the screen). */
  act: Action["act"];
}) {
  const orgId = useBooksOrgId();
  const { money } = useMoney();
  const navigate = useNavigate();
  const kind = KIND_LABELS[d.kind];
  const side = sideOfKind(d.kind);
  const credit = isCredit(d);
  const danger = "text-red-800 hover:bg-red-50";

  const run = async (call: () => ReturnType<typeof approveDocument>, failure: string, success: (number: string | null) => string) => {
    const res = await act(call, { failure, success: ({ document }) => success(document.number) });
    return res.ok;
  };

  return (
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
            <Button variant="secondary">{credit ? `Apply to ${side === "receivable" ? "an invoice" : "a bill"}` : "Apply credit"}</Button>
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
            <Button variant="ghost" className={danger}>
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
            <Button variant="ghost" className={danger}>
              Delete
            </Button>
          }
          title={`Delete this draft ${kind.toLowerCase()}?`}
          description={`The draft for ${d.contact_name} (${money(d.total)}) is deleted. Nothing was posted.`}
          confirmLabel="Delete draft"
          busyLabel="Deleting…"
          variant="danger"
          onConfirm={async () => {
            const res = await act(() => deleteDocument(orgId, d.id), { failure: "Not deleted", success: "Draft deleted", changes: false });
            if (res.ok) navigate(listPath(orgId, side));
            return res.ok;
          }}
        />
      ) : null}
    </div>
  );
}
