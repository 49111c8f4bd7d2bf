import { useEffect, useRef, useState, type FormEvent } from "react";
import type { z } from "zod";
import { toast } from "sonner";
import { UNEXPECTED } from "../auth-messages.ts";

/**
 * The account forms' rules (`auth.schema.ts`, full zod, shared with the server) are not part of the page's
 * first load: the module loads when focus first enters a form, or at the latest on submit.
 */
export const loadAuthSchema = () => import("../auth.schema.ts");
export type AuthSchemaModule = Awaited<ReturnType<typeof loadAuthSchema>>;

/** Starts fetching the rules (no-op once loaded); a failure surfaces again on submit. */
export const preloadAuthSchema = () => void loadAuthSchema().catch(() => {});

export type FormErrors<K extends string> = Partial<Record<K, string>>;
export type FormValues<K extends string> = Record<K, string | boolean>;

/** The named controls' values: checkboxes as booleans, other inputs as strings. */
export function readForm<K extends string>(form: HTMLFormElement, fields: readonly K[]): FormValues<K> {
  const values = {} as FormValues<K>;
  for (const name of fields) {
    const el = form.elements.namedItem(name);
    values[name] = el instanceof HTMLInputElement ? (el.type === "checkbox" ? el.checked : el.value) : "";
  }
  return values;
}

/** The first message for each field, in the order the schema reports them. */
export function firstIssues<K extends string>(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  fields: readonly K[],
): FormErrors<K> {
  const errors: FormErrors<K> = {};
  for (const issue of issues) {
    const name = issue.path[0];
    if (typeof name === "string" && (fields as readonly string[]).includes(name) && !errors[name as K]) {
      errors[name as K] = issue.message;
    }
  }
  return errors;
}

/**
 * An uncontrolled form checked with a lazily loaded zod schema. `fields` are the controls' names in page
 * order (the first invalid one gets the focus). After a failed submit, a field is checked again as it changes.
 * The submit button should stay disabled until `hydrated`: before that, a submit would post the form as a
 * plain document request.
 */
export function useAuthForm<K extends string, T>({
  fields,
  schema,
}: {
  fields: readonly K[];
  schema: (rules: AuthSchemaModule) => z.ZodType<T>;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FormErrors<K>>({});
  const [submitting, setSubmitting] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const busy = useRef(false);
  const attempted = useRef(false);

  async function check(form: HTMLFormElement) {
    const values = readForm(form, fields);
    const parsed = schema(await loadAuthSchema()).safeParse(values);
    return parsed.success
      ? { values, data: parsed.data, errors: {} as FormErrors<K> }
      : { values, data: null, errors: firstIssues(parsed.error.issues, fields) };
  }

  function focusFirst(errs: FormErrors<K>) {
    const first = fields.find((name) => errs[name]);
    const el = first ? formRef.current?.elements.namedItem(first) : null;
    if (el instanceof HTMLElement) el.focus();
  }

  /** The form's submit handler: `onValid` with the parsed data, or `onInvalid` after the errors are shown. */
  function handleSubmit(
    onValid: (data: T, values: FormValues<K>) => Promise<void> | void,
    onInvalid: (errors: FormErrors<K>, values: FormValues<K>) => void,
  ) {
    async function submit(form: HTMLFormElement) {
      busy.current = true;
      attempted.current = true;
      setSubmitting(true);
      try {
        const { values, data, errors: found } = await check(form);
        setErrors(found);
        if (data === null) {
          focusFirst(found);
          onInvalid(found, values);
          return;
        }
        await onValid(data, values);
      } catch {
        // The rules' chunk could not be loaded (offline, or a new deployment replaced it), or the request broke.
        toast.error(UNEXPECTED);
      } finally {
        busy.current = false;
        setSubmitting(false);
      }
    }
    return (e: FormEvent<HTMLFormElement>) => {
      e.preventDefault();
      if (!busy.current) void submit(e.currentTarget);
    };
  }

  async function onChange(e: FormEvent<HTMLFormElement>) {
    const target = e.target;
    const name = (target instanceof HTMLInputElement ? target.name : "") as K;
    if (!attempted.current || !fields.includes(name)) return;
    try {
      const { errors: found } = await check(e.currentTarget);
      setErrors((prev) => {
        if (prev[name] === found[name]) return prev;
        const next = { ...prev };
        if (found[name]) next[name] = found[name];
        else delete next[name];
        return next;
      });
    } catch {
      // Checked again on submit.
    }
  }

  return {
    errors,
    submitting,
    hydrated,
    handleSubmit,
    /** Spread on the <form>: the ref, the preload on focus and the re-check on change. */
    formProps: {
      ref: formRef,
      onFocus: preloadAuthSchema,
      onChange: (e: FormEvent<HTMLFormElement>) => void onChange(e),
    },
  };
}

/** The message of the first problem the schema reported. */
export function firstError(errors: FormErrors<string>): string | undefined {
  return Object.values(errors).find((message) => typeof message === "string");
}
