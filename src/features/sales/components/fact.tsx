import type { ReactNode } from "react";
import { cn } from "~/ui/cn.ts";

/**
 * One fact of a document or a contact in a `dl`: its name above its value. `wraps`: a free text value (an address, an
 * email) in smaller type, broken anywhere so it stays in its column.
 */
export function Fact({ term, wraps = false, children }: { term: string; wraps?: boolean; children: ReactNode }) {
  return (
    <div className={wraps ? "min-w-0" : undefined}>
      <dt className="text-xs font-semibold uppercase tracking-wide text-muted">{term}</dt>
      <dd className={cn("mt-0.5 text-ink", wraps && "text-sm [overflow-wrap:anywhere]")}>{children}</dd>
    </div>
  );
}
