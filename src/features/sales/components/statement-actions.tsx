import { z } from "zod";
import { formatLongDate } from "~/lib/format.ts";
import { Button, buttonClass } from "~/ui/button.tsx";
import { useBooks } from "~/features/ledger/index.ts";
import type { Side } from "../sales.schema.ts";
import { sendAllStatements, sendStatement, statementPdfUrl } from "../sharing.api.ts";
import { MailDialog } from "./mail-dialog.tsx";
import { FIRM_SENDS_TEXT, firmSends } from "./sending.ts";

/** One statement's mail goes to an address (left empty: the contact's). */
const emailSchema = z.union([
  z.literal(""),
  z.string().trim().pipe(z.email("Email must be an email address").max(254, "Email must be at most 254 characters")),
]);

const period = (from: string, to: string) => `${formatLongDate(from)} to ${formatLongDate(to)}`;

/**
 * A contact's statement of a period going out (decision 116): its PDF, and mailing it with the PDF attached (not on the
 * client's side of books the firm keeps, unless the settings let her send: `clientMaySend`).
 */
export function StatementActions({
  contactId,
  side,
  from,
  to,
  clientMaySend,
}: {
  contactId: number;
  side: Side;
  from: string;
  to: string;
  clientMaySend: boolean;
}) {
  const books = useBooks();
  const { organization, can } = books;
  const firmOnly = can["books.sales.send"] && firmSends(books, clientMaySend);
  return (
    <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Statement">
      <a className={buttonClass("secondary", "sm")} href={statementPdfUrl(organization.id, contactId, side, from, to)} download>
        Download PDF
      </a>
      {firmOnly ? <p className="text-sm text-muted">{FIRM_SENDS_TEXT}</p> : null}
      {can["books.sales.send"] && !firmOnly ? (
        <MailDialog
          title="Send the statement by mail"
          description={`The statement of ${period(from, to)}, its PDF attached.`}
          trigger={
            <Button variant="secondary" size="sm">
              Send by mail
            </Button>
          }
          address={{ name: "email", schema: emailSchema, optional: true, hint: "Left empty: the contact's email." }}
          submitLabel="Send statement"
          send={({ address, message }) =>
            sendStatement(organization.id, contactId, { from, to, side, ...(address ? { email: address } : {}), message })
          }
          texts={{ failure: "Statement not sent", success: (sent) => `Statement sent to ${sent.sent_to}`, changes: false }}
        />
      ) : null}
    </div>
  );
}

/**
 * Every customer's statement of a period by mail: those with an email and a balance on the last day or a line in the
 * period; the answer says how many were queued.
 */
export function SendAllStatements({ from, to }: { from: string; to: string }) {
  const { organization, can } = useBooks();
  if (!can["books.sales.send"]) return null;
  return (
    <MailDialog
      title="Mail statements to all customers"
      description={`Every customer with an email and a balance on ${formatLongDate(to)} or activity from ${formatLongDate(from)} gets the statement of ${period(from, to)}, its PDF attached.`}
      trigger={
        <Button variant="secondary" size="sm">
          Mail statements to all customers
        </Button>
      }
      submitLabel="Send statements"
      send={({ message }) => sendAllStatements(organization.id, { from, to, message })}
      texts={{
        failure: "Statements not sent",
        success: ({ queued }) =>
          queued === 0 ? "No customer has a statement for this period" : `${queued} statement${queued === 1 ? "" : "s"} queued for mailing`,
        changes: false,
      }}
    />
  );
}
