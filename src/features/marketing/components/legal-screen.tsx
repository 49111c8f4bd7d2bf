import type { LegalSection } from "../legal-content.ts";

/** A legal document: title, last-updated date and numbered sections. */
export function LegalScreen({ title, updated, sections }: { title: string; updated: string; sections: LegalSection[] }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-16 sm:px-6 lg:px-8">
      <h1 className="text-4xl font-bold tracking-tight text-ink">{title}</h1>
      <p className="mt-3 text-muted">Last updated: {updated}</p>
      <nav aria-label="Sections" className="mt-8 rounded-xl bg-slate-50 p-6">
        <ol className="list-decimal space-y-1 pl-5 text-brand-700">
          {sections.map((s, i) => (
            <li key={s.title}>
              <a href={`#section-${i + 1}`} className="hover:underline">
                {s.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((s, i) => (
        <section
          key={s.title}
          id={`section-${i + 1}`}
          aria-labelledby={`section-${i + 1}-heading`}
          className="mt-10"
          data-testid="legal-section"
        >
          <h2 id={`section-${i + 1}-heading`} className="text-2xl font-semibold text-ink">
            {i + 1}. {s.title}
          </h2>
          {s.paragraphs.map((p) => (
            <p key={p.slice(0, 40)} className="mt-3 leading-relaxed text-slate-800">
              {p}
            </p>
          ))}
          {s.items ? (
            <ul className="mt-3 list-disc space-y-2 pl-6 text-slate-800">
              {s.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          ) : null}
        </section>
      ))}
    </article>
  );
}
