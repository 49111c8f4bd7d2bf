import { useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Button } from "~/ui/button.tsx";
import { FieldError, InputField } from "~/ui/field.tsx";
import { useAction } from "~/ui/use-action.ts";
import { ATTACHMENTS_MAX, sendMessageSchema, type SendMessageInput, type SendMessageValues } from "../messages.schema.ts";
import type { MessageAttachment } from "../messages.types.ts";
import { sendMessage, uploadAttachment } from "../messages.api.ts";

/**
 * Writing a message: the text, and files uploaded as they are chosen (the server reads their type and size; a
 * refused file is said under the picker), sent together; once stored, the conversation is read again.
 */
export function MessageComposer({ orgId }: { orgId: number }) {
  const { act } = useAction();
  const [files, setFiles] = useState<MessageAttachment[]>([]);
  // Not useAction: a file uploaded for the message to come changes nothing the screen shows yet (nothing to read
  // again), and a refused one is said under the picker, not in a toast.
  const [uploading, setUploading] = useState(false);
  const [fileError, setFileError] = useState<string>();
  const form = useForm<SendMessageValues, unknown, SendMessageInput>({
    resolver: zodResolver(sendMessageSchema),
    defaultValues: { body: "", attachment_ids: [] },
  });
  const { register, handleSubmit, setValue, setError, reset, formState } = form;

  const keep = (next: MessageAttachment[]) => {
    setFiles(next);
    setValue(
      "attachment_ids",
      next.map((f) => f.id),
    );
  };
  const choose = async (list: FileList | null) => {
    setFileError(undefined);
    const chosen = Array.from(list ?? []);
    if (files.length + chosen.length > ATTACHMENTS_MAX) return setFileError(`At most ${ATTACHMENTS_MAX} files with one message`);
    setUploading(true);
    const added: MessageAttachment[] = [];
    for (const file of chosen) {
      const res = await uploadAttachment(orgId, file);
      if (res.ok) added.push(res.data.attachment);
      else setFileError(`${file.name}: ${res.message}`);
    }
    setUploading(false);
    keep([...files, ...added]);
  };

  const submit = handleSubmit(async (values) => {
    const res = await act(() => sendMessage(orgId, values), { failure: "Not sent", success: "Message sent" });
    if (!res.ok) {
      for (const [key, message] of Object.entries(res.fields)) setError(key === "attachment_ids" ? "body" : (key as "body"), { message });
      return;
    }
    reset({ body: "", attachment_ids: [] });
    setFiles([]);
  });

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Write a message"
      className="mt-6 space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-4"
    >
      <InputField as="textarea" id="message-body" label="Message" rows={4} error={formState.errors.body?.message} {...register("body")} />
      <div>
        <label htmlFor="message-files" className="block text-sm font-medium text-ink">
          Attach files <span className="font-normal text-muted">(optional: PDF, PNG, JPEG or HEIC, up to 10 MB each)</span>
        </label>
        {/* eslint-disable-next-line no-restricted-syntax -- raw control: a file picker whose label itself says which files are taken (not an "(optional)" mark) */}
        <input
          id="message-files"
          type="file"
          multiple
          accept=".pdf,.png,.jpg,.jpeg,.heic,application/pdf,image/png,image/jpeg,image/heic"
          className="mt-1 block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-2"
          aria-describedby={fileError ? "message-files-error" : undefined}
          onChange={(e) => {
            void choose(e.target.files);
            e.target.value = "";
          }}
        />
        <FieldError id="message-files-error" message={fileError} />
        {files.length ? (
          <ul aria-label="Files to send" className="mt-2 flex flex-wrap gap-2">
            {files.map((f) => (
              <li key={f.id} className="inline-flex items-center gap-2 rounded-md border border-slate-300 bg-white px-2 py-1 text-sm">
                {f.file_name}
                <button type="button" className="text-red-700 underline" onClick={() => keep(files.filter((x) => x.id !== f.id))}>
                  Remove<span className="sr-only"> {f.file_name}</span>
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <Button type="submit" disabled={formState.isSubmitting || uploading}>
        {uploading ? "Uploading..." : formState.isSubmitting ? "Sending..." : "Send message"}
      </Button>
    </form>
  );
}
