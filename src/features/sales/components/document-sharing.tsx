import { useId, useRef, useState } from "react";
import { z } from "zod";
import { formatDateTime } from "~/lib/format.ts";
import { Button, buttonClass } from "~/ui/button.tsx";
import { ConfirmDialog } from "~/ui/confirm-dialog.tsx";
import { InputField } from "~/ui/field.tsx";
import { Modal } from "~/ui/modal.tsx";
import { toast } from "~/ui/toast.ts";
import { useAction } from "~/ui/use-action.ts";
import { useBooks } from "~/features/ledger/index.ts";
import { KIND_LABELS } from "../document-math.ts";
import type { DocumentDetails, DocumentLink } from "../sales.types.ts";
import { createDocumentLink, documentPdfUrl, revokeDocumentLink, sendDocument } from "../sharing.api.ts";
import { MailDialog } from "./mail-dialog.tsx";
import { FIRM_SENDS_TEXT, firmSends } from "./sending.ts";

/** The send form's address: to whom (the customer's email to start with). */
const toSchema = z.string().trim().pipe(z.email("To must be an email address").max(254, "To must be at most 254 characters"));

const LINK_DAYS = [7, 14, 30, 60, 90] as const;

/** "Invoice INV-0001", "Draft invoice". */
const nameOf = (d: DocumentDetails) => (d.number ? `${KIND_LABELS[d.kind]} ${d.number}` : `Draft ${KIND_LABELS[d.kind].toLowerCase()}`);

/**
 * A document going out (decision 116): its PDF; for an approved invoice or credit note, mailing it to the customer
 * (with its PDF and a fresh link; it is then marked sent) and the links the customer opens it by: made (the address
 * shown once, to copy), listed with their expiry and when they were last opened, revoked. In books the firm keeps, the
 * client's side sends only when the settings let her (`clientMaySend`); otherwise she is told the firm sends them.
 */
export function DocumentSharing({ document: d, clientMaySend }: { document: DocumentDetails; clientMaySend: boolean }) {
  const books = useBooks();
  const { organization, can } = books;
  const orgId = organization.id;
  const shareable = d.status === "approved" && (d.kind === "invoice" || d.kind === "credit_note");
  const mayRevoke = shareable && can["books.sales.send"];
  const firmOnly = mayRevoke && firmSends(books, clientMaySend);
  const maySend = mayRevoke && !firmOnly;
  return (
    <section aria-labelledby="document-sharing" className="space-y-3">
      <h3 id="document-sharing" className="text-lg font-semibold text-ink">
        {shareable ? "Send and share" : "PDF"}
      </h3>
      <div className="flex flex-wrap gap-2">
        <a className={buttonClass("secondary")} href={documentPdfUrl(orgId, d.id)} download>
          Download PDF
        </a>
        {maySend ? <SendDialog document={d} /> : null}
      </div>
      {firmOnly ? <p className="text-sm text-muted">{FIRM_SENDS_TEXT}</p> : null}
      {d.sent_at ? <p className="text-sm text-muted">Sent {formatDateTime(d.sent_at)}.</p> : null}
      {shareable ? <DocumentLinks document={d} maySend={maySend} mayRevoke={mayRevoke} /> : null}
    </section>
  );
}

/** The one send dialog: to, message, send. */
function SendDialog({ document: d }: { document: DocumentDetails }) {
  const { organization } = useBooks();
  return (
    <MailDialog
      title={`Send ${KIND_LABELS[d.kind].toLowerCase()} ${d.number ?? ""}`.trim()}
      description={`${d.contact_name} gets a mail with the PDF attached and a link to view it online (open for 30 days).`}
      trigger={<Button>Send</Button>}
      address={{
        name: "to",
        schema: toSchema,
        initial: d.contact_email ?? "",
        hint: d.contact_email ? undefined : `${d.contact_name} has no email: give the address to send to.`,
      }}
      submitLabel="Send"
      send={({ address, message }) => sendDocument(organization.id, d.id, { to: address, message })}
      texts={{ failure: "Not sent", success: (sent) => `${nameOf(d)} sent to ${sent.sent_to}` }}
    />
  );
}

/** Whether a link still opens its document. */
const liveness = (l: DocumentLink, now: number): "active" | "expired" | "revoked" =>
  l.revoked_at ? "revoked" : Date.parse(l.expires_at) <= now ? "expired" : "active";

function DocumentLinks({ document: d, maySend, mayRevoke }: { document: DocumentDetails; maySend: boolean; mayRevoke: boolean }) {
  const { organization } = useBooks();
  const { act } = useAction();
  const [revoking, setRevoking] = useState<DocumentLink | null>(null);
  const now = Date.now();
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 className="font-semibold text-ink">Links for the customer</h4>
        {maySend ? <CreateLinkDialog document={d} /> : null}
      </div>
      {d.links.length === 0 ? (
        <p className="text-sm text-muted">No link yet. A link opens this {KIND_LABELS[d.kind].toLowerCase()} only, without an account.</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 text-sm" aria-label="Links for the customer">
          {d.links.map((l) => {
            const state = liveness(l, now);
            return (
              <li key={l.id} className="flex flex-wrap items-center justify-between gap-3 p-3" data-testid="document-link">
                <div className="min-w-0">
                  <p className="font-medium text-ink">
                    Link made {formatDateTime(l.created_at)}{" "}
                    <span
                      className={
                        state === "active"
                          ? "ml-1 rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-900"
                          : "ml-1 rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-800"
                      }
                    >
                      {state === "active" ? "Active" : state === "expired" ? "Expired" : "Revoked"}
                    </span>
                  </p>
                  <p className="text-muted">
                    {state === "revoked"
                      ? `Revoked ${formatDateTime(l.revoked_at!)}`
                      : `${state === "expired" ? "Expired" : "Expires"} ${formatDateTime(l.expires_at)}`}{" "}
                    · {l.last_viewed_at ? `last viewed ${formatDateTime(l.last_viewed_at)}` : "never viewed"}
                  </p>
                </div>
                {state === "active" && mayRevoke ? (
                  <Button variant="ghost" size="sm" className="text-red-800 hover:bg-red-50" onClick={() => setRevoking(l)}>
                    Revoke<span className="sr-only"> the link made {formatDateTime(l.created_at)}</span>
                  </Button>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(o) => !o && setRevoking(null)}
        title="Revoke this link?"
        description="Whoever holds it can no longer open the document. Other links keep working."
        confirmLabel="Revoke link"
        busyLabel="Revoking…"
        variant="danger"
        onConfirm={async () => {
          const res = await act(() => revokeDocumentLink(organization.id, d.id, revoking!.id), {
            failure: "Not revoked",
            success: "Link revoked",
          });
          return res.ok;
        }}
      />
    </div>
  );
}

/** Makes a link for as many days as chosen, then shows its address once, with a button to copy it. */
function CreateLinkDialog({ document: d }: { document: DocumentDetails }) {
  const uid = useId();
  const { organization } = useBooks();
  const { act, pending } = useAction();
  const [open, setOpen] = useState(false);
  const [days, setDays] = useState<number>(30);
  const [url, setUrl] = useState<string | null>(null);
  const field = useRef<HTMLInputElement>(null);
  const change = (o: boolean) => {
    setOpen(o);
    if (!o) setUrl(null);
  };
  async function create() {
    const res = await act(() => createDocumentLink(organization.id, d.id, days), { failure: "Link not made" });
    if (res.ok) setUrl(res.data.link.url);
  }
  async function copy() {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      toast.success("Link copied");
    } catch {
      field.current?.select();
      toast.info("Select the link and copy it");
    }
  }
  return (
    <Modal
      open={open}
      onOpenChange={change}
      title="Create a link"
      description={`A link that opens ${nameOf(d)} only, for anyone who holds it, without an account, until it expires or is revoked.`}
      dismissOnOutsideClick={!url}
      trigger={
        <Button variant="secondary" size="sm">
          Create link
        </Button>
      }
    >
      {url ? (
        <div className="space-y-4">
          <InputField
            ref={field}
            id={`${uid}-url`}
            label="The link"
            readOnly
            value={url}
            onFocus={(e) => e.currentTarget.select()}
            hint="Copy it now: it is shown only this once (only a fingerprint of it is kept)."
          />
          <Button onClick={() => void copy()}>Copy link</Button>
          <div className="flex justify-end">
            <Button variant="secondary" onClick={() => change(false)}>
              Done
            </Button>
          </div>
        </div>
      ) : (
        <div className="space-y-4">
          <InputField
            as="select"
            id={`${uid}-days`}
            label="Open for"
            value={String(days)}
            onChange={(e) => setDays(Number(e.currentTarget.value))}
          >
            {LINK_DAYS.map((n) => (
              <option key={n} value={n}>
                {n} days
              </option>
            ))}
          </InputField>
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={() => change(false)}>
              Cancel
            </Button>
            <Button onClick={() => void create()} disabled={pending}>
              {pending ? "Creating…" : "Create link"}
            </Button>
          </div>
        </div>
      )}
    </Modal>
  );
}
