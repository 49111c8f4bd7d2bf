import { useId } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Button } from "~/ui/button.tsx";
import { InputField } from "~/ui/field.tsx";
import { toast } from "~/ui/toast.ts";
import { returnItemSchema, unavailableSchema, type ReturnItemInput, type UnavailableInput } from "../requests.schema.ts";
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
  const { act } = useAction();
  const { register, handleSubmit, setError, formState } = useForm<UnavailableInput>({
    resolver: zodResolver(unavailableSchema),
    defaultValues: { note: "" },
  });
  const submit = handleSubmit(async (input) => {
    const res = await act(() => markItemUnavailable(props.orgId, props.requestId, props.item.id, input), {
      failure: "Answer not sent",
      success: "Answer sent",
    });
    if (!res.ok) return res.fields.note && setError("note", { message: res.fields.note });
    props.onDone();
  });
  return (
    <form onSubmit={submit} noValidate className="space-y-2" aria-label={`I don't have ${props.item.label}`}>
      <InputField
        id={`unavailable-${props.item.id}`}
        as="textarea"
        rows={2}
        label="Why you don't have it"
        error={formState.errors.note?.message}
        {...register("note")}
      />
      <Button type="submit" size="sm" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? "Sending..." : "Send answer"}
      </Button>
    </form>
  );
}

/** The firm sends the item back with the reason. */
export function ReturnForm(props: ItemProps & { onDone: () => void }) {
  const { act } = useAction();
  const { register, handleSubmit, setError, formState } = useForm<ReturnItemInput>({
    resolver: zodResolver(returnItemSchema),
    defaultValues: { reason: "" },
  });
  const submit = handleSubmit(async (input) => {
    const res = await act(() => returnItem(props.orgId, props.requestId, props.item.id, input), {
      failure: "Not sent back",
      success: "Sent back to the client",
    });
    if (!res.ok) return res.fields.reason && setError("reason", { message: res.fields.reason });
    props.onDone();
  });
  return (
    <form onSubmit={submit} noValidate className="space-y-2" aria-label={`Send back ${props.item.label}`}>
      <InputField
        id={`return-${props.item.id}`}
        as="textarea"
        rows={2}
        label="Reason"
        error={formState.errors.reason?.message}
        {...register("reason")}
      />
      <Button type="submit" size="sm" variant="danger" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? "Sending..." : "Send back"}
      </Button>
    </form>
  );
}
