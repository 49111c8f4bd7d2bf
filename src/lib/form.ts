import { zodResolver } from "@hookform/resolvers/zod";
import type { BaseSyntheticEvent } from "react";
import type { FieldErrors, FieldValues, Path, Resolver, UseFormRegister, UseFormSetError } from "react-hook-form";
import type { $ZodType } from "zod/v4/core";

export type LazyZodResolver<Input extends FieldValues, Output> = Resolver<Input, unknown, Output> & {
  /** Starts fetching the schema's module (no-op once loaded); a failure surfaces again on validation. */
  preload: () => void;
};

// The one way to build a data-entry form: react-hook-form, checked with the zod schema its API route checks with
// (zodResolver, or lazyZodResolver on public pages that keep zod off their first load), fields drawn with
// InputField (src/ui/field.tsx). See docs/decisions/077-one-form-mechanism.md.

/**
 * A react-hook-form resolver for a zod schema that is not part of the page's first load: `load` imports the
 * schema's module (the same schema the API route checks with) on the first validation, or earlier with `preload`
 * (when focus first enters the form). If the module cannot be fetched, validation throws (the form's submit
 * handler tells it) and the next attempt fetches again.
 */
export function lazyZodResolver<Input extends FieldValues, Output>(
  load: () => Promise<$ZodType<Output, Input>>,
): LazyZodResolver<Input, Output> {
  let loading: Promise<Resolver<Input, unknown, Output>> | null = null;
  const get = () =>
    (loading ??= load().then(
      (schema) => zodResolver(schema as never) as unknown as Resolver<Input, unknown, Output>,
      (error: unknown) => {
        loading = null;
        throw error;
      },
    ));
  const resolver: Resolver<Input, unknown, Output> = async (values, context, options) => (await get())(values, context, options);
  return Object.assign(resolver, { preload: () => void get().catch(() => {}) });
}

/**
 * A <form>'s onSubmit from react-hook-form's `handleSubmit(onValid, onInvalid)`: `onError` when it throws (the
 * schema's module could not be fetched, or the request broke), so that the failure is told, not swallowed.
 */
export function submitOrTell(handler: (e?: BaseSyntheticEvent) => Promise<unknown>, onError: () => void) {
  return (e: BaseSyntheticEvent) => void handler(e).catch(onError);
}

/** The message of the first problem the schema reported (in the schema's field order; nested fields included). */
export function firstMessage(errors: FieldErrors | readonly unknown[] | undefined): string | undefined {
  for (const error of Object.values(errors ?? {}) as unknown[]) {
    if (!error || typeof error !== "object") continue;
    if ("message" in error && typeof error.message === "string") return error.message;
    // A field's error without a message (its `ref` is an element, not more errors).
    if ("type" in error) continue;
    const nested = firstMessage(error as FieldErrors);
    if (nested) return nested;
  }
  return undefined;
}

/**
 * The `fields` of an API refusal (`{ "dotted.path": message }`, see src/lib/api-error.ts) under the form's fields.
 * `only` limits them to the form's own field names (other paths are not fields of this form).
 */
export function setServerErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  fields: Record<string, string>,
  only?: readonly string[],
) {
  for (const [name, message] of Object.entries(fields)) {
    if (!only || only.includes(name)) setError(name as Path<T>, { message });
  }
}

/** What a group of fields drawn for any form that has them takes: the start of their ids, the form's register and errors. */
export interface FieldGroupProps<Values extends FieldValues> {
  id: string;
  register: UseFormRegister<Values>;
  errors: FieldErrors<Values>;
}

/**
 * The fields of such a group (the names, a new password twice): `field(name)` is what an InputField takes for one of
 * them, its error message and react-hook-form's `register(name)`.
 */
export function fieldGroup<Names extends FieldValues, Values extends Names>({ register, errors }: Omit<FieldGroupProps<Values>, "id">) {
  // The group's names exist on every form it is drawn in (Values extends Names).
  const reg = register as unknown as UseFormRegister<Names>;
  const errs = errors as FieldErrors<Names>;
  return (name: Path<Names> & keyof Names) => ({ error: errs[name]?.message as string | undefined, ...reg(name) });
}
