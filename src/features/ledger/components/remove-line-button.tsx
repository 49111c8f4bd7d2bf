import type { ComponentProps } from "react";
import { Button } from "~/ui/button.tsx";

/** A line's Remove button in a form of lines (a journal entry's, a sales document's): line `n` named for screen readers. */
export function RemoveLineButton({ n, ...props }: Omit<ComponentProps<typeof Button>, "children"> & { n: number }) {
  return (
    <Button variant="ghost" size="sm" aria-label={`Remove line ${n}`} className="min-h-9 text-red-800 hover:bg-red-50" {...props}>
      Remove
    </Button>
  );
}
