import { useEffect, useState, type ReactNode } from "react";
import type { z } from "zod";

export type Errors = Record<string, string | undefined>;

/** Reads the named inputs of a form and checks them with a schema: the data, or the first message per field. */
export function checkForm<T>(form: HTMLFormElement, schema: z.ZodType<T>, names: readonly string[]): { data: T | null; errors: Errors } {
  const values: Record<string, string | boolean> = {};
  for (const name of names) {
    const el = form.elements.namedItem(name);
    values[name] = el instanceof HTMLInputElement ? (el.type === "checkbox" ? el.checked : el.value) : "";
  }
  const parsed = schema.safeParse(values);
  if (parsed.success) return { data: parsed.data, errors: {} };
  const errors: Errors = {};
  for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
  const first = names.find((n) => errors[n]);
  const el = first ? form.elements.namedItem(first) : null;
  if (el instanceof HTMLElement) el.focus();
  return { data: null, errors };
}

export function Section({ id, title, intro, children }: { id: string; title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id={id} className="text-lg font-semibold text-ink">
        {title}
      </h2>
      {intro ? <p className="mt-1 text-sm text-muted">{intro}</p> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** False on the server and until the page's script runs: buttons that need the script wait for it. */
export function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
