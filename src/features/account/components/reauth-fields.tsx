import type { RefObject } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { InputField } from "~/ui/field.tsx";
import { CurrentPasswordField } from "~/ui/password-field.tsx";

/**
 * The password again, and the authenticator or backup code when asked (`code` null: not asked): the fields of the
 * re-authentication dialog and of the account deletion. `passwordRef` is the dialog's initial focus.
 */
export function ReauthFields({
  id,
  password,
  code,
  errors,
  passwordRef,
}: {
  id: string;
  password: UseFormRegisterReturn<"password">;
  code: UseFormRegisterReturn<"code"> | null;
  errors: { password?: string; code?: string };
  passwordRef: RefObject<HTMLInputElement | null>;
}) {
  return (
    <>
      <CurrentPasswordField
        id={`${id}-password`}
        error={errors.password}
        {...password}
        ref={(el) => {
          password.ref(el);
          passwordRef.current = el;
        }}
      />
      {code ? (
        <InputField
          id={`${id}-code`}
          label="Authenticator code or backup code"
          autoComplete="one-time-code"
          inputMode="text"
          required
          error={errors.code}
          {...code}
        />
      ) : null}
    </>
  );
}
