import type { ReactNode } from "react";

/** One section of the Team page (the page is a column of these, so more can be added). */
export function TeamSection({ id, title, intro, children }: { id: string; title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id={id} className="text-lg font-semibold text-ink">
        {title}
      </h2>
      {intro ? <p className="mt-1 text-sm text-slate-700">{intro}</p> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}
