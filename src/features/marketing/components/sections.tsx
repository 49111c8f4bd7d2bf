import type { ReactNode } from "react";
import { Link } from "react-router";
import { buttonClass } from "~/ui/button.tsx";
import { cn } from "~/ui/cn.ts";

export interface Action {
  to: string;
  label: string;
}

/** Top band of an inner page: eyebrow, the page's h1, intro text and optional actions. */
export function PageHero({
  eyebrow,
  title,
  text,
  actions,
  children,
}: {
  eyebrow?: string;
  title: string;
  text?: string;
  actions?: Action[];
  children?: ReactNode;
}) {
  return (
    <section className="bg-gradient-to-br from-brand-900 via-brand-800 to-brand-700 text-white">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-20 lg:px-8">
        {eyebrow ? <p className="text-sm font-semibold uppercase tracking-wider text-emerald-300">{eyebrow}</p> : null}
        <h1 className="mt-2 max-w-3xl text-4xl font-bold tracking-tight sm:text-5xl">{title}</h1>
        {text ? <p className="mt-5 max-w-2xl text-lg text-slate-100">{text}</p> : null}
        {actions?.length ? (
          <div className="mt-8 flex flex-wrap gap-3">
            {actions.map((a, i) => (
              <Link key={a.to + a.label} to={a.to} className={i === 0 ? buttonClass("accent", "lg") : buttonClass("inverse", "lg")}>
                {a.label}
              </Link>
            ))}
          </div>
        ) : null}
        {children}
      </div>
    </section>
  );
}

/** A page section with an h2 and optional intro. */
export function Section({
  id,
  title,
  intro,
  tone = "white",
  children,
  className,
}: {
  id?: string;
  title: string;
  intro?: string;
  tone?: "white" | "muted";
  children: ReactNode;
  className?: string;
}) {
  const headingId = id ? `${id}-heading` : undefined;
  return (
    <section id={id} aria-labelledby={headingId} className={cn(tone === "muted" ? "bg-slate-50" : "bg-white", className)}>
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
        <h2 id={headingId} className="text-3xl font-bold tracking-tight text-ink">
          {title}
        </h2>
        {intro ? <p className="mt-3 max-w-3xl text-lg text-muted">{intro}</p> : null}
        <div className="mt-10">{children}</div>
      </div>
    </section>
  );
}

/** A call to action band. */
export function CtaBand({ title, text, actions }: { title: string; text: string; actions: Action[] }) {
  return (
    <section className="bg-brand-800 text-white">
      <div className="mx-auto max-w-4xl px-4 py-16 text-center sm:px-6 lg:px-8">
        <h2 className="text-3xl font-bold tracking-tight">{title}</h2>
        <p className="mt-4 text-lg text-slate-100">{text}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          {actions.map((a, i) => (
            <Link key={a.to + a.label} to={a.to} className={i === 0 ? buttonClass("accent", "lg") : buttonClass("inverse", "lg")}>
              {a.label}
            </Link>
          ))}
        </div>
      </div>
    </section>
  );
}

export function CheckIcon({ className }: { className?: string }) {
  return (
    <svg
      aria-hidden="true"
      width="20"
      height="20"
      viewBox="0 0 20 20"
      className={cn("shrink-0 text-accent-700", className)}
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M4 10.5l4 4 8-9" />
    </svg>
  );
}

export function CheckList({ items, className }: { items: readonly string[]; className?: string }) {
  return (
    <ul className={cn("space-y-3", className)}>
      {items.map((item) => (
        <li key={item} className="flex gap-3 text-slate-700">
          <CheckIcon className="mt-0.5" />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

/** A grid of titled cards. */
export function CardGrid({
  items,
  columns = 3,
  headingLevel = "h3",
}: {
  items: readonly { title: string; text: string }[];
  columns?: 2 | 3 | 4;
  headingLevel?: "h3" | "h4";
}) {
  const H = headingLevel;
  return (
    <ul className={cn("grid gap-6 sm:grid-cols-2", columns === 3 && "lg:grid-cols-3", columns === 4 && "lg:grid-cols-4")}>
      {items.map((item) => (
        <li key={item.title} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <H className="text-lg font-semibold text-ink">{item.title}</H>
          <p className="mt-2 text-slate-700">{item.text}</p>
        </li>
      ))}
    </ul>
  );
}

/** Numbered steps of a process. */
export function Steps({ steps }: { steps: readonly { title: string; text: string }[] }) {
  return (
    <ol className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
      {steps.map((s, i) => (
        <li key={s.title} className="rounded-xl border border-slate-200 bg-white p-6">
          <span
            className="inline-flex h-10 w-10 items-center justify-center rounded-full bg-brand-700 text-lg font-bold text-white"
            aria-hidden="true"
          >
            {i + 1}
          </span>
          <h3 className="mt-4 text-lg font-semibold text-ink">
            <span className="sr-only">Step {i + 1}: </span>
            {s.title}
          </h3>
          <p className="mt-2 text-slate-700">{s.text}</p>
        </li>
      ))}
    </ol>
  );
}

/** Large figures with labels. */
export function Stats({ items }: { items: readonly { value: string; label: string }[] }) {
  return (
    <dl className="grid grid-cols-2 gap-6 lg:grid-cols-4">
      {items.map((s) => (
        <div key={s.label} className="flex flex-col rounded-xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-200">
          <dt className="text-sm font-medium text-muted">{s.label}</dt>
          <dd className="order-first text-3xl font-bold text-brand-800">{s.value}</dd>
        </div>
      ))}
    </dl>
  );
}
