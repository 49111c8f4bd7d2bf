import type { ReactNode } from "react";
import { Button } from "~/ui/button.tsx";

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
