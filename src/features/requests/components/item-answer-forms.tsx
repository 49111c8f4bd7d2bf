import { useId } from "react";
import { useForm, type DefaultValues, type FieldValues, type Path } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Button } from "~/ui/button.tsx";
import { InputField } from "~/ui/field.tsx";
import { toast } from "~/ui/toast.ts";
import type { z } from "zod";
import type { ApiResult } from "~/lib/api-client.ts";
import { returnItemSchema, unavailableSchema } from "../requests.schema.ts";
import type { RequestItem } from "../requests.types.ts";
import { markItemUnavailable, returnItem, uploadItemFile } from "../requests.api.ts";
import { useAction } from "~/ui/use-action.ts";

const MAX_BYTES = 10 * 1024 * 1024;

interface ItemProps {
  orgId: number;
  requestId: number;
  item: RequestItem;
}

/**
 * Files for an item, from a phone (the camera or the photos: images and PDFs) or a computer; several at once, each sent
 * as it is, one after the other.
 */
export function UploadFiles(props: ItemProps) {
  const uid = useId();
  const { act, pending } = useAction();
  async function upload(files: File[]) {
    for (const file of files) {
      if (file.size > MAX_BYTES) {
        toast.error(`${file.name} not uploaded`, { description: "A document is at most 10 MB" });
        continue;
      }
      await act(() => uploadItemFile(props.orgId, props.requestId, props.item.id, file), {
        failure: `${file.name} not uploaded`,
        success: `${file.name} uploaded`,
      });
    }
  }
  return (
    <div>
      <InputField
        id={`${uid}-file`}
        label={`Upload for “${props.item.label}” (photo, PDF, PNG, JPEG or HEIC, up to 10 MB each)`}
        type="file"
        multiple
        accept="image/*,application/pdf,.pdf,.heic"
        disabled={pending}
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          e.target.value = "";
          if (files.length) void upload(files);
        }}
      />
      {pending ? (
        <p role="status" className="mt-1 text-sm text-muted">
          Uploading...
        </p>
      ) : null}
    </div>
  );
}

/** "I don't have this", with a note for the firm. */
export function UnavailableForm(props: ItemProps & { onDone: () => void }) {
  return (
    <ItemTextForm
      {...props}
      name="note"
      schema={unavailableSchema}
      send={(input) => markItemUnavailable(props.orgId, props.requestId, props.item.id, input)}
      said={{ failure: "Answer not sent", success: "Answer sent" }}
      formLabel={`I don't have ${props.item.label}`}
      id={`unavailable-${props.item.id}`}
      label="Why you don't have it"
      submitLabel="Send answer"
    />
  );
}

/** The firm sends the item back with the reason. */
export function ReturnForm(props: ItemProps & { onDone: () => void }) {
  return (
    <ItemTextForm
      {...props}
      name="reason"
      schema={returnItemSchema}
      send={(input) => returnItem(props.orgId, props.requestId, props.item.id, input)}
      said={{ failure: "Not sent back", success: "Sent back to the client" }}
      formLabel={`Send back ${props.item.label}`}
      id={`return-${props.item.id}`}
      label="Reason"
      submitLabel="Send back"
      variant="danger"
    />
  );
}

/** An item's answer of one text (a note, a reason): sent, then `onDone`; the server's refusal of the text under it. */
function ItemTextForm<N extends string>(props: {
  name: N;
  schema: z.ZodType<Record<N, string>, Record<N, string>>;
  send: (input: Record<N, string>) => Promise<ApiResult<unknown>>;
  said: { failure: string; success: string };
  formLabel: string;
  id: string;
  label: string;
  submitLabel: string;
  variant?: "danger";
  onDone: () => void;
}) {
  type Values = Record<N, string> & FieldValues;
  const path = props.name as unknown as Path<Values>;
  const { act } = useAction();
  const { register, handleSubmit, setError, formState } = useForm<Values, unknown, Record<N, string>>({
    resolver: zodResolver(props.schema),
    defaultValues: { [props.name]: "" } as DefaultValues<Values>,
  });
  const submit = handleSubmit(async (input) => {
    const res = await act(() => props.send(input), props.said);
    if (!res.ok) return res.fields[props.name] && setError(path, { message: res.fields[props.name] });
    props.onDone();
  });
  return (
    <form onSubmit={submit} noValidate className="space-y-2" aria-label={props.formLabel}>
      <InputField
        id={props.id}
        as="textarea"
        rows={2}
        label={props.label}
        error={formState.errors[props.name]?.message as string | undefined}
        {...register(path)}
      />
      <Button type="submit" size="sm" variant={props.variant} disabled={formState.isSubmitting}>
        {formState.isSubmitting ? "Sending..." : props.submitLabel}
      </Button>
    </form>
  );
}
