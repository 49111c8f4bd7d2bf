import type { BaseSyntheticEvent } from "react";
import type { z } from "zod";
import { lazyZodResolver, submitOrTell } from "~/lib/form.ts";
import { toast } from "~/ui/toast.ts";
import { UNEXPECTED } from "../auth-messages.ts";

/**
 * The account forms' rules (`auth.schema.ts`, full zod, shared with the server) are not part of the page's first
 * load: the module loads when focus first enters a form (the resolver's `preload`), or at the latest on submit.
 */
export const loadAuthRules = () => import("../auth.schema.ts");
type AuthRules = Awaited<ReturnType<typeof loadAuthRules>>;

/** A react-hook-form resolver for one of the account rules, loaded on first use. */
export function authResolver<Output, Input extends Record<string, unknown>>(pick: (rules: AuthRules) => z.ZodType<Output, Input>) {
  return lazyZodResolver(() => loadAuthRules().then(pick));
}

/**
 * An account form's onSubmit from react-hook-form's `handleSubmit(onValid, onInvalid)`: if the rules' chunk could not
 * be loaded (offline, or a new deployment replaced it) or the request broke, the visitor is told.
 */
export function authSubmit(handler: (e?: BaseSyntheticEvent) => Promise<unknown>) {
  return submitOrTell(handler, () => toast.error(UNEXPECTED));
}
