import type { ReactNode } from "react";
import { Button } from "./button.tsx";
import { cn } from "./cn.ts";

/**
 * A form's buttons in a row: its submit (`submit` its text, `disabled` while it cannot be sent or is being sent), the
 * form's other buttons (`children`), then Cancel where the form can be left (`onCancel`).
 */
export function FormButtons({
  submit,
  disabled,
  onCancel,
  className,
  children,
}: {
  submit: ReactNode;
  disabled: boolean;
  onCancel?: (() => void) | undefined;
  /** Added to the row's own classes (a margin, wrapping). */
  className?: string;
  children?: ReactNode;
}) {
  return (
    <div className={cn("flex gap-2", className)}>
      <Button type="submit" disabled={disabled}>
        {submit}
      </Button>
      {children}
      {onCancel ? (
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      ) : null}
    </div>
  );
}
