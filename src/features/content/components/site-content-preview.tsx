import type { SiteContentSectionId } from "../site-content-groups.ts";
import type { SiteContentKey } from "../site-content.schema.ts";

/** A small likeness of the home page section the keys change, with the text as it would show (draft or built-in). */
export function SiteContentPreview({ section, text }: { section: SiteContentSectionId; text: (key: SiteContentKey) => string }) {
  return (
    <figure className="rounded-lg border border-dashed border-slate-300 p-2">
      <figcaption className="mb-2 text-xs font-semibold uppercase tracking-wide text-slate-600">Preview</figcaption>
      {section === "hero" ? (
        <div className="rounded-md bg-brand-900 px-4 py-6 text-white">
          <p className="text-xl font-bold leading-tight">{text("homepage_hero_title")}</p>
          <p className="mt-2 text-sm text-brand-50">{text("homepage_hero_description")}</p>
        </div>
      ) : section === "vision" ? (
        <div className="grid gap-2 sm:grid-cols-2">
          <div className="rounded-md bg-brand-50 p-3">
            <p className="font-bold text-brand-900">{text("vision_title")}</p>
            <p className="mt-1 text-sm text-slate-700">{text("vision_content")}</p>
          </div>
          <div className="rounded-md bg-emerald-50 p-3">
            <p className="font-bold text-emerald-900">{text("mission_title")}</p>
            <p className="mt-1 text-sm text-slate-700">{text("mission_content")}</p>
          </div>
        </div>
      ) : section === "services" ? (
        <div className="rounded-md bg-slate-50 p-4 text-center">
          <p className="text-lg font-bold text-ink">{text("homepage_services_title")}</p>
          <p className="mt-1 text-sm text-slate-700">{text("homepage_services_description")}</p>
        </div>
      ) : (
        <div className="rounded-md bg-brand-800 p-4 text-center text-white">
          <p className="text-lg font-bold">{text("homepage_cta_title")}</p>
          <p className="mt-1 text-sm text-brand-50">{text("homepage_cta_description")}</p>
        </div>
      )}
    </figure>
  );
}
