import type { ReactNode } from "react";
import { Button } from "./button.tsx";
import { cn } from "./cn.ts";

/**
 * A form's buttons in a row: its submit (`submit` its text, `disabled` while it cannot be sent or is being sent, `danger`
 * where it removes or turns something off), the form's other buttons (`children`), then Cancel where the form can be
 * left (`onCancel`).
 */
export function FormButtons({
  submit,
  disabled,
  danger = false,
  onCancel,
  className,
  children,
}: {
  submit: ReactNode;
  disabled: boolean;
  danger?: boolean;
  onCancel?: (() => void) | undefined;
  /** Added to the row's own classes (a margin, wrapping, a wider gap). */
  className?: string;
  children?: ReactNode;
}) {
  return (
    <div className={cn("flex gap-2", className)}>
      <Button type="submit" variant={danger ? "danger" : "primary"} disabled={disabled}>
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
