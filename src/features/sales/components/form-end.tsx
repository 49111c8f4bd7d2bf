import type { ReactNode } from "react";
import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { Button } from "~/ui/button.tsx";

/**
 * The server's refusal on the fields it names: those `formField` matches on the form's fields (the first focused), any
 * other above the buttons (FormRefusal of `root.server`).
 */
export function setRefusal<T extends FieldValues>(setError: UseFormSetError<T>, fields: Record<string, string>, formField: RegExp) {
  let focus = true;
  for (const [name, message] of Object.entries(fields)) {
    if (formField.test(name)) {
      setError(name as Path<T>, { message }, { shouldFocus: focus });
      focus = false;
    } else setError("root.server", { message });
  }
}

/** What the server refused that no field of the form stands for, above its buttons. */
export function FormRefusal({ message }: { message: string | undefined }) {
  return message ? (
    <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
      {message}
    </p>
  ) : null;
}

/** A dialog form's end: the server's refusal, then Cancel and its submit button (`busy`: not pressed twice). */
export function DialogFormEnd({
  refusal,
  onCancel,
  busy,
  children,
}: {
  refusal: string | undefined;
  onCancel: () => void;
  busy: boolean;
  children: ReactNode;
}) {
  return (
    <>
      <FormRefusal message={refusal} />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {children}
        </Button>
      </div>
    </>
  );
}
