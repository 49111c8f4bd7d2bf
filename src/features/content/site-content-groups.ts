import type { SiteContentKey } from "./site-content.schema.ts";

export type SiteContentSectionId = "hero" | "vision" | "services" | "cta";

/** How the firm's Site content screen names and groups the keys: by the home page section each changes. */
export const SITE_CONTENT_SECTIONS: {
  id: SiteContentSectionId;
  title: string;
  fields: { key: SiteContentKey; label: string; multiline: boolean }[];
}[] = [
  {
    id: "hero",
    title: "Hero (top of the home page)",
    fields: [
      { key: "homepage_hero_title", label: "Hero title", multiline: false },
      { key: "homepage_hero_description", label: "Hero description", multiline: true },
    ],
  },
  {
    id: "vision",
    title: "Vision and mission",
    fields: [
      { key: "vision_title", label: "Vision title", multiline: false },
      { key: "vision_content", label: "Vision text", multiline: true },
      { key: "mission_title", label: "Mission title", multiline: false },
      { key: "mission_content", label: "Mission text", multiline: true },
    ],
  },
  {
    id: "services",
    title: "Services",
    fields: [
      { key: "homepage_services_title", label: "Services title", multiline: false },
      { key: "homepage_services_description", label: "Services introduction", multiline: true },
    ],
  },
  {
    id: "cta",
    title: "Call to action (bottom of the home page)",
    fields: [
      { key: "homepage_cta_title", label: "Call to action title", multiline: false },
      { key: "homepage_cta_description", label: "Call to action text", multiline: true },
    ],
  },
];
