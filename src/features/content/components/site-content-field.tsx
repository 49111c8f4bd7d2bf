import { useId } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Button } from "~/ui/button.tsx";
import { InputField } from "~/ui/field.tsx";
import { useHydrated } from "~/ui/use-hydrated.ts";
import { useAction } from "~/ui/use-action.ts";
import { siteContentValueSchema, type SiteContentValueInput } from "../site-content.schema.ts";
import type { SiteContentEntry } from "../site-content.types.ts";
import { revertSiteContent, saveSiteContent } from "../content.api.ts";
import { SiteContentHistory } from "./site-content-history.tsx";
import { formatDateTime } from "~/lib/format.ts";

export const formatWhen = (iso: string) => formatDateTime(iso);

/** One site_content key: its text (stored, or the built-in one), save, revert to the built-in text, history. */
export function SiteContentField({
  field,
  entry,
  fallback,
  onDraft,
  onChanged,
}: {
  field: { key: string; label: string; multiline: boolean };
  entry: SiteContentEntry;
  fallback: string;
  onDraft: (value: string) => void;
  /** Told once a change is saved and the page's data read again (the screen drops the field's draft). */
  onChanged: () => void;
}) {
  const uid = useId();
  const id = `${uid}-value`;
  const hydrated = useHydrated();
  const { act } = useAction();
  const { act: actRevert, pending: reverting } = useAction();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<SiteContentValueInput>({
    resolver: zodResolver(siteContentValueSchema),
    defaultValues: { value: entry.value ?? fallback },
  });
  const error = errors.value?.message;
  const hint = `Built-in text: ${fallback}`;
  const control = register("value", { onChange: (e: { target: { value: string } }) => onDraft(e.target.value) });

  async function onValid(data: SiteContentValueInput) {
    const res = await act(() => saveSiteContent(entry.key, data), {
      failure: `${field.label} not saved`,
      success: `${field.label} saved`,
      description: "The home page shows it now.",
    });
    if (res.ok) onChanged();
  }

  async function revert() {
    const res = await actRevert(() => revertSiteContent(entry.key), {
      failure: `${field.label} not reverted`,
      success: `${field.label} reverted`,
      description: "The home page shows the built-in text again.",
    });
    if (res.ok) onChanged();
  }

  return (
    <form noValidate onSubmit={(e) => void handleSubmit(onValid)(e)} className="space-y-2">
      {field.multiline ? (
        <InputField
          as="textarea"
          id={id}
          label={field.label}
          markRequired
          error={error}
          hint={hint}
          rows={3}
          maxLength={2000}
          {...control}
        />
      ) : (
        <InputField id={id} label={field.label} markRequired error={error} hint={hint} type="text" maxLength={2000} {...control} />
      )}
      <p className="text-sm text-slate-700">
        {entry.value === null
          ? "Shows the built-in text."
          : `Changed ${entry.updatedAt ? formatWhen(entry.updatedAt) : ""}${entry.updatedBy ? ` by ${entry.updatedBy}` : ""}.`}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={!hydrated || isSubmitting || !isDirty}>
          {isSubmitting ? "Saving..." : "Save"}
        </Button>
        <Button variant="secondary" size="sm" disabled={!hydrated || reverting || entry.value === null} onClick={() => void revert()}>
          Revert to built-in text
        </Button>
        <SiteContentHistory contentKey={entry.key} label={field.label} disabled={!hydrated} onRestored={onChanged} />
      </div>
    </form>
  );
}
