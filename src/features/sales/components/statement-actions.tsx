import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "zod";
import { formatLongDate } from "~/lib/format.ts";
import { setServerErrors } from "~/lib/form.ts";
import { textField } from "~/lib/schema-fields.ts";
import { Button, buttonClass } from "~/ui/button.tsx";
import { InputField } from "~/ui/field.tsx";
import { Modal } from "~/ui/modal.tsx";
import { useAction } from "~/ui/use-action.ts";
import { useBooks } from "~/features/ledger/index.ts";
import type { Side } from "../sales.schema.ts";
import { sendAllStatements, sendStatement, statementPdfUrl } from "../sharing.api.ts";
import { FIRM_SENDS_TEXT, firmSends } from "./sending.ts";

const message = textField("Message", { max: 2000, multiline: true });
/** One statement's mail: an address (left empty: the contact's) and a message. */
const sendOneSchema = z.object({
  email: z.union([
    z.literal(""),
    z.string().trim().pipe(z.email("Email must be an email address").max(254, "Email must be at most 254 characters")),
  ]),
  message,
});
const sendAllSchema = z.object({ message });

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
  const [open, setOpen] = useState(false);
  const firmOnly = can["books.sales.send"] && firmSends(books, clientMaySend);
  return (
    <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Statement">
      <a className={buttonClass("secondary", "sm")} href={statementPdfUrl(organization.id, contactId, side, from, to)} download>
        Download PDF
      </a>
      {firmOnly ? <p className="text-sm text-muted">{FIRM_SENDS_TEXT}</p> : null}
      {can["books.sales.send"] && !firmOnly ? (
        <Modal
          open={open}
          onOpenChange={setOpen}
          title="Send the statement by mail"
          description={`The statement of ${period(from, to)}, its PDF attached.`}
          dismissOnOutsideClick={false}
          trigger={
            <Button variant="secondary" size="sm">
              Send by mail
            </Button>
          }
        >
          {open ? <SendOneForm contactId={contactId} side={side} from={from} to={to} onDone={() => setOpen(false)} /> : null}
        </Modal>
      ) : null}
    </div>
  );
}

function SendOneForm({
  contactId,
  side,
  from,
  to,
  onDone,
}: {
  contactId: number;
  side: Side;
  from: string;
  to: string;
  onDone: () => void;
}) {
  const uid = useId();
  const { organization } = useBooks();
  const { act, pending } = useAction();
  const { register, handleSubmit, setError, formState } = useForm<z.input<typeof sendOneSchema>>({
    resolver: zodResolver(sendOneSchema),
    defaultValues: { email: "", message: "" },
  });
  const submit = handleSubmit(async (values) => {
    const res = await act(
      () =>
        sendStatement(organization.id, contactId, {
          from,
          to,
          side,
          ...(values.email ? { email: values.email } : {}),
          message: values.message || null,
        }),
      { failure: "Statement not sent", success: (sent) => `Statement sent to ${sent.sent_to}`, changes: false },
    );
    if (res.ok) onDone();
    else setServerErrors(setError, res.fields, ["email", "message"]);
  });
  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="space-y-4">
      <InputField
        id={`${uid}-email`}
        label="To"
        type="email"
        optional
        autoComplete="off"
        hint="Left empty: the contact's email."
        error={formState.errors.email?.message}
        {...register("email")}
      />
      <InputField
        as="textarea"
        id={`${uid}-message`}
        label="Message"
        optional
        rows={4}
        error={formState.errors.message?.message}
        {...register("message")}
      />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? "Sending…" : "Send statement"}
        </Button>
      </div>
    </form>
  );
}

/**
 * Every customer's statement of a period by mail: those with an email and a balance on the last day or a line in the
 * period; the answer says how many were queued.
 */
export function SendAllStatements({ from, to }: { from: string; to: string }) {
  const { can } = useBooks();
  const [open, setOpen] = useState(false);
  if (!can["books.sales.send"]) return null;
  return (
    <Modal
      open={open}
      onOpenChange={setOpen}
      title="Mail statements to all customers"
      description={`Every customer with an email and a balance on ${formatLongDate(to)} or activity from ${formatLongDate(from)} gets the statement of ${period(from, to)}, its PDF attached.`}
      dismissOnOutsideClick={false}
      trigger={
        <Button variant="secondary" size="sm">
          Mail statements to all customers
        </Button>
      }
    >
      {open ? <SendAllForm from={from} to={to} onDone={() => setOpen(false)} /> : null}
    </Modal>
  );
}

function SendAllForm({ from, to, onDone }: { from: string; to: string; onDone: () => void }) {
  const uid = useId();
  const { organization } = useBooks();
  const { act, pending } = useAction();
  const { register, handleSubmit, setError, formState } = useForm<z.input<typeof sendAllSchema>>({
    resolver: zodResolver(sendAllSchema),
    defaultValues: { message: "" },
  });
  const submit = handleSubmit(async (values) => {
    const res = await act(() => sendAllStatements(organization.id, { from, to, message: values.message || null }), {
      failure: "Statements not sent",
      success: ({ queued }) =>
        queued === 0 ? "No customer has a statement for this period" : `${queued} statement${queued === 1 ? "" : "s"} queued for mailing`,
      changes: false,
    });
    if (res.ok) onDone();
    else setServerErrors(setError, res.fields, ["message"]);
  });
  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="space-y-4">
      <InputField
        as="textarea"
        id={`${uid}-message`}
        label="Message"
        optional
        rows={4}
        error={formState.errors.message?.message}
        {...register("message")}
      />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? "Sending…" : "Send statements"}
        </Button>
      </div>
    </form>
  );
}
