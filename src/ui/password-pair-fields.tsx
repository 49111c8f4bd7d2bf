import { fieldGroup, type FieldGroupProps } from "~/lib/form.ts";
import { InputField } from "./field.tsx";

/** The first field's name: a first password ("password") or the one that replaces the current one ("newPassword"). */
type PairName = "password" | "newPassword";
type PasswordPair<N extends PairName> = Record<N | "confirmPassword", string>;

export const PASSWORD_RULES_HINT = "At least 8 characters. Very common passwords are refused.";

/**
 * The one way a new password is typed twice: signing up, accepting an invitation, a staff member's welcome, a reset
 * link, setting or changing the password on /account. The rules are the first field's hint (`hint={null}`: the screen
 * tells them otherwise); `columns` sets the two side by side from the small breakpoint up. The ids are
 * `${id}-password` and `${id}-confirm`.
 */
export function PasswordPairFields<T extends PasswordPair<N>, N extends PairName = "password">({
  id,
  name,
  label = "Password",
  confirmLabel = "Confirm password",
  hint = PASSWORD_RULES_HINT,
  minLength,
  maxLength,
  columns = false,
  ...form
}: FieldGroupProps<T> & {
  name?: N;
  label?: string;
  confirmLabel?: string;
  hint?: string | null;
  /** The browser's length limits of the first field (PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH of the auth feature). */
  minLength?: number;
  maxLength?: number;
  columns?: boolean;
}) {
  const field = fieldGroup<PasswordPair<PairName>, T & PasswordPair<PairName>>(
    form as unknown as Omit<FieldGroupProps<T & PasswordPair<PairName>>, "id">,
  );
  return (
    <div className={columns ? "grid items-start gap-4 sm:grid-cols-2" : "space-y-4"}>
      <InputField
        id={`${id}-password`}
        label={label}
        type="password"
        autoComplete="new-password"
        required
        minLength={minLength}
        maxLength={maxLength}
        hint={hint ?? undefined}
        {...field(name ?? "password")}
      />
      <InputField
        id={`${id}-confirm`}
        label={confirmLabel}
        type="password"
        autoComplete="new-password"
        required
        {...field("confirmPassword")}
      />
    </div>
  );
}

/**
 * Lets password managers tie a new password to the account: they look for a username before it (the account's
 * address when the screen knows it).
 */
export function UsernameForPasswordManagers({ email }: { email?: string }) {
  return <input type="text" name="username" autoComplete="username" hidden readOnly aria-hidden="true" tabIndex={-1} value={email} />;
}
