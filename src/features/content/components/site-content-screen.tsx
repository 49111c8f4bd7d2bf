import { useId, useState } from "react";
import { SITE_CONTENT_SECTIONS } from "../site-content-groups.ts";
import type { SiteContentKey } from "../site-content.schema.ts";
import type { SiteContentEntry } from "../site-content.types.ts";
import { SiteContentField } from "./site-content-field.tsx";
import { SiteContentPreview } from "./site-content-preview.tsx";

/** The firm's Site content screen: the home page's changeable text, by section, each with a preview. */
export function SiteContentScreen({ entries, fallbacks }: { entries: SiteContentEntry[]; fallbacks: Record<SiteContentKey, string> }) {
  const uid = useId();
  const [drafts, setDrafts] = useState<Partial<Record<SiteContentKey, string>>>({});
  const byKey = new Map(entries.map((e) => [e.key, e]));
  const text = (key: SiteContentKey) => (drafts[key] ?? byKey.get(key)?.value ?? fallbacks[key]).trim() || fallbacks[key];

  const changed = (key: SiteContentKey) => setDrafts(({ [key]: _, ...rest }) => rest);

  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-bold text-ink">Site content</h1>
        <p className="mt-1 text-slate-700">
          The home page&apos;s changeable text. A saved change shows on the home page at once; every version is kept.
        </p>
      </header>
      {SITE_CONTENT_SECTIONS.map((section) => (
        <section
          key={section.id}
          aria-labelledby={`${uid}-${section.id}`}
          className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
        >
          <h2 id={`${uid}-${section.id}`} className="text-lg font-semibold text-ink">
            {section.title}
          </h2>
          <div className="mt-4 grid gap-6 lg:grid-cols-[1fr_18rem]">
            <div className="space-y-6">
              {section.fields.map((field) => {
                const entry = byKey.get(field.key) ?? { key: field.key, value: null, updatedAt: null, updatedBy: null };
                return (
                  <SiteContentField
                    key={`${field.key}:${entry.updatedAt ?? ""}:${entry.value ?? ""}`}
                    field={field}
                    entry={entry}
                    fallback={fallbacks[field.key]}
                    onDraft={(value) => setDrafts((d) => ({ ...d, [field.key]: value }))}
                    onChanged={() => changed(field.key)}
                  />
                );
              })}
            </div>
            <SiteContentPreview section={section.id} text={text} />
          </div>
        </section>
      ))}
    </div>
  );
}
