import type { ReactNode } from "react";
import { cn } from "~/ui/cn.ts";
import { tdClass } from "~/ui/table.tsx";

/** A table row of the Billing page that is a card of two columns below sm (a phone). */
export const billingCardRow = "max-sm:grid max-sm:grid-cols-2 max-sm:gap-x-3 max-sm:gap-y-2 max-sm:px-3 max-sm:py-3";

/** A cell of a `billingCardRow`: no padding of its own in the card, its column's name shown above it (the heads are not). */
export function Cell({ label, children, className }: { label?: string; children: ReactNode; className?: string }) {
  return (
    <td className={cn(tdClass, "max-sm:p-0", className)}>
      {label ? <span className="block text-xs font-semibold uppercase tracking-wide text-muted sm:hidden">{label}</span> : null}
      {children}
    </td>
  );
}

export type Tone = "green" | "indigo" | "red" | "sky" | "amber";

const TONES: Record<Tone, string> = {
  green: "bg-green-100 text-green-900",
  indigo: "bg-indigo-100 text-indigo-900",
  red: "bg-red-100 text-red-900",
  sky: "bg-sky-100 text-sky-900",
  amber: "bg-amber-100 text-amber-900",
};

/** A state as a pill: Paid, Overdue, Processing… */
export function Badge({ tone, children }: { tone: Tone; children: ReactNode }) {
  return (
    <span className={cn("inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold", TONES[tone])}>{children}</span>
  );
}

/** A section of the Billing page: its heading (a target for the focus once a change is drawn) and its content. */
export function BillingSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h3 id={id} tabIndex={-1} className="text-lg font-semibold text-ink">
        {title}
      </h3>
      {children}
    </section>
  );
}

/** What a list without rows says instead. */
export function Empty({ children }: { children: ReactNode }) {
  return (
    <div className="rounded-lg border border-dashed border-slate-300 p-6 text-center">
      <p className="text-muted">{children}</p>
    </div>
  );
}
