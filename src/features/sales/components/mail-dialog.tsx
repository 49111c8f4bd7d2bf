import { useId, useState, type ReactNode } from "react";
import { useForm, type Resolver } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "zod";
import type { ApiResult } from "~/lib/api-client.ts";
import { setServerErrors } from "~/lib/form.ts";
import { textField } from "~/lib/schema-fields.ts";
import { Button } from "~/ui/button.tsx";
import { InputField } from "~/ui/field.tsx";
import { Modal } from "~/ui/modal.tsx";
import { useAction, type ActionTexts } from "~/ui/use-action.ts";

const messageSchema = textField("Message", { max: 2000, multiline: true });

/** The address field of a mail: its name in the API's body ("to", "email"), how it is checked, what it starts with. */
export interface MailAddress {
  name: string;
  schema: z.ZodType<string, string>;
  initial?: string;
  optional?: boolean;
  hint?: string;
}

type MailValues = Record<string, string>;

/**
 * The one send-by-mail dialog of sales and purchases (a document, a statement, every statement): its trigger opens a
 * form with the address (when `address` is given) and an optional message; `send` makes the call, `texts` its toasts.
 */
export function MailDialog<T>({
  title,
  description,
  trigger,
  address,
  submitLabel,
  send,
  texts,
}: {
  title: string;
  description: string;
  trigger: ReactNode;
  address?: MailAddress;
  submitLabel: string;
  send: (mail: { address: string; message: string | null }) => Promise<ApiResult<T>>;
  texts: ActionTexts<T>;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Modal open={open} onOpenChange={setOpen} title={title} description={description} dismissOnOutsideClick={false} trigger={trigger}>
      {open ? <MailForm address={address} submitLabel={submitLabel} send={send} texts={texts} onDone={() => setOpen(false)} /> : null}
    </Modal>
  );
}

function MailForm<T>({
  address,
  submitLabel,
  send,
  texts,
  onDone,
}: {
  address?: MailAddress;
  submitLabel: string;
  send: (mail: { address: string; message: string | null }) => Promise<ApiResult<T>>;
  texts: ActionTexts<T>;
  onDone: () => void;
}) {
  const uid = useId();
  const { act, pending } = useAction();
  const [schema] = useState(() => z.object({ ...(address ? { [address.name]: address.schema } : {}), message: messageSchema }));
  const fieldNames = address ? [address.name, "message"] : ["message"];
  const { register, handleSubmit, setError, formState } = useForm<MailValues>({
    resolver: zodResolver(schema) as unknown as Resolver<MailValues>,
    defaultValues: { ...(address ? { [address.name]: address.initial ?? "" } : {}), message: "" },
  });
  const submit = handleSubmit(async (values) => {
    const res = await act(() => send({ address: address ? (values[address.name] ?? "") : "", message: values.message || null }), texts);
    if (res.ok) onDone();
    else setServerErrors(setError, res.fields, fieldNames);
  });
  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="space-y-4">
      {address ? (
        <InputField
          id={`${uid}-${address.name}`}
          label="To"
          type="email"
          optional={address.optional}
          autoComplete="off"
          hint={address.hint}
          error={formState.errors[address.name]?.message}
          {...register(address.name)}
        />
      ) : null}
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
          {pending ? "Sending…" : submitLabel}
        </Button>
      </div>
    </form>
  );
}
