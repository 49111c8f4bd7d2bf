import { data } from "react-router";
import type { Route } from "./+types/accounting-document";
import { pageId, requireBooksPage } from "~/features/tenancy/books-page.server.ts";
import { AppError } from "~/server/http/app-error.ts";
import { listAccounts } from "~/features/ledger/accounts.server.ts";
import { listBankAccounts } from "~/features/bank/bank-accounts.server.ts";
import { getDocument } from "~/features/sales/document-queries.server.ts";
import { openItems } from "~/features/sales/open-items.server.ts";
import { readSalesSettings } from "~/features/sales/sales-settings.server.ts";
import { sideOfKind } from "~/features/sales/sales.schema.ts";
import { KIND_LABELS } from "~/features/sales/document-math.ts";
import { DocumentScreen } from "~/features/sales/components/document-screen.tsx";

export const meta: Route.MetaFunction = ({ data: d }) => [
  {
    title: d
      ? `${KIND_LABELS[d.document.kind]} ${d.document.number ?? "draft"} · ${d.document.contact_name} | Ledgerline Advisors`
      : "Document | Ledgerline Advisors",
  },
  { name: "robots", content: "noindex" },
];

const orNull = <T,>(p: Promise<T>) =>
  p.catch((err: unknown) => {
    if (err instanceof AppError && err.status === 404) return null;
    throw err;
  });

/**
 * /accounting/:orgId/sales/:docId (a bill or a supplier credit: purchases/:docId; either path shows any document): the
 * document (GET /documents/:id) with its lines, taxes, what is owed and the payments and credits allocated to it; for
 * an approved one, its contact's items still open on its side (GET /open-items), to pay or to apply, and the accounts
 * money is paid through; from the settings, whether bills wait for approval and whether the client's side may send.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { membership } = await requireBooksPage(context, request, params.orgId);
  const db = context.app.db;
  const id = pageId(params.docId);
  const document = id === null ? null : await orNull(getDocument(db, membership, id));
  if (!document) throw data("Not found", { status: 404 });
  const side = sideOfKind(document.kind);
  const approved = document.status === "approved";
  const [settings, items, accounts, banks, credited] = await Promise.all([
    readSalesSettings(db, membership.organizationId),
    approved ? openItems(db, membership, { side, contact_id: document.contact_id }) : Promise.resolve([]),
    approved ? listAccounts(db, membership) : Promise.resolve([]),
    approved ? listBankAccounts(db, membership) : Promise.resolve([]),
    document.credits_document_id ? orNull(getDocument(db, membership, document.credits_document_id)) : Promise.resolve(null),
  ]);
  // Money goes through the books' bank and cash accounts first, then any other current asset (not the control accounts).
  const controls = [settings.receivable_account_id, settings.payable_account_id];
  const bankIds = new Set(banks.map((b) => b.account_id));
  const payAccounts = [
    ...accounts.filter((a) => bankIds.has(a.id)).map((a) => ({ ...pick(a), bank: true })),
    ...accounts
      .filter((a) => !bankIds.has(a.id) && a.account_type === "Asset" && a.detail_type === "current_asset" && !controls.includes(a.id))
      .map((a) => ({ ...pick(a), bank: false })),
  ];
  return {
    document,
    credited: credited && { id: credited.id, number: credited.number, kind: credited.kind },
    items,
    payAccounts,
    controlAccounts: controls,
    billsNeedApproval: settings.bills_need_approval,
    clientMaySend: settings.client_may_send,
  };
}

const pick = (a: { id: number; account_code: string; account_name: string }) => ({
  id: a.id,
  account_code: a.account_code,
  account_name: a.account_name,
});

export default function AccountingDocument({ loaderData }: Route.ComponentProps) {
  return <DocumentScreen key={loaderData.document.id} {...loaderData} />;
}
