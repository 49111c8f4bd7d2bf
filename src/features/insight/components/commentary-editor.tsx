import { useId, useRef } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { setServerErrors } from "~/lib/form.ts";
import { Button } from "~/ui/button.tsx";
import { InputField } from "~/ui/field.tsx";
import { useAction } from "~/ui/use-action.ts";
import { useBooksOrgId } from "~/features/ledger/index.ts";
import { saveCommentary } from "../commentary.api.ts";
import { commentarySchema, HEADLINE_MAX, PART_MAX, type CommentaryInput } from "../commentary.schema.ts";
import type { Commentary, CommentaryFigures } from "../commentary.types.ts";
import { CommentaryActions, CommentaryHistory, STATUS_LABELS } from "./commentary-actions.tsx";
import { CommentaryPreview } from "./commentary-preview.tsx";
import { COMMENTARY_PARTS, FigureMenu, type CommentaryPart } from "./figure-menu.tsx";

/**
 * The month's commentary as the firm writes it (decision 122): the headline, what changed and why, what to do, with
 * figures inserted from the menu where the cursor was, a preview with the figures filled in, and the steps its state
 * allows. A published commentary is read only until it is withdrawn.
 */
export function CommentaryEditor({ commentary, figures }: { commentary: Commentary | null; figures: CommentaryFigures }) {
  const uid = useId();
  const orgId = useBooksOrgId();
  const { month, label } = figures;
  const published = commentary?.status === "published";
  const { register, handleSubmit, setError, formState, watch, getValues, setValue, reset } = useForm<CommentaryInput>({
    resolver: zodResolver(commentarySchema),
    defaultValues: { headline: commentary?.headline ?? "", changes: commentary?.changes ?? "", actions: commentary?.actions ?? "" },
  });
  const { act, pending } = useAction();
  const save = handleSubmit(async (values) => {
    const res = await act(() => saveCommentary(orgId, month, values), {
      failure: "Commentary not saved",
      success: `Draft for ${label} saved`,
    });
    if (res.ok) reset(values);
    else setServerErrors(setError, res.fields);
  });
  // Where each part's cursor was when it was left: a figure goes there (at the end of a part never touched).
  const cursors = useRef<Partial<Record<CommentaryPart, [number, number]>>>({});
  const remember = (part: CommentaryPart) => (e: { target: HTMLInputElement | HTMLTextAreaElement }) => {
    cursors.current[part] = [e.target.selectionStart ?? e.target.value.length, e.target.selectionEnd ?? e.target.value.length];
  };
  const insert = (token: string, part: CommentaryPart) => {
    const text = getValues(part);
    const [start, end] = cursors.current[part] ?? [text.length, text.length];
    setValue(part, text.slice(0, start) + token + text.slice(end), { shouldDirty: true, shouldValidate: formState.isSubmitted });
    cursors.current[part] = [start + token.length, start + token.length];
  };
  const field = (part: CommentaryPart) => ({
    id: `${uid}-${part}`,
    label: COMMENTARY_PARTS[part],
    error: formState.errors[part]?.message,
    ...register(part, { onBlur: remember(part) }),
  });
  const draft = watch();
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={`${uid}-heading`} className="text-lg font-semibold text-ink">
          {label}
        </h3>
        <p className="text-sm font-semibold text-ink">{commentary ? STATUS_LABELS[commentary.status] : "Not written yet"}</p>
      </div>
      {commentary ? <CommentaryHistory commentary={commentary} /> : null}
      <form noValidate onSubmit={(e) => void save(e)} aria-labelledby={`${uid}-heading`} className="space-y-4">
        <fieldset disabled={published} className="space-y-4">
          <InputField {...field("headline")} maxLength={HEADLINE_MAX} />
          <InputField as="textarea" rows={5} optional maxLength={PART_MAX} {...field("changes")} />
          <InputField as="textarea" rows={4} optional maxLength={PART_MAX} {...field("actions")} />
        </fieldset>
        {published ? null : <FigureMenu values={figures.values} accounts={figures.accounts} onInsert={insert} />}
        {published ? (
          <p className="text-sm text-muted">Published: the client reads it. Withdraw it to change it.</p>
        ) : (
          <Button type="submit" disabled={pending}>
            {pending ? "Saving..." : "Save draft"}
          </Button>
        )}
      </form>
      {commentary ? <CommentaryActions month={month} label={label} commentary={commentary} dirty={formState.isDirty} /> : null}
      <CommentaryPreview label={label} text={draft} figures={figures.values} />
    </div>
  );
}
