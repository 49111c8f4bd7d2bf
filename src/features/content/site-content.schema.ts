import { z } from "zod";
import { requiredTextField } from "~/lib/schema-fields.ts";

/** The known site_content keys; each overrides one piece of the home page. */
export const SITE_CONTENT_KEYS = [
  "vision_title",
  "vision_content",
  "mission_title",
  "mission_content",
  "homepage_hero_title",
  "homepage_hero_description",
  "homepage_services_title",
  "homepage_services_description",
  "homepage_cta_title",
  "homepage_cta_description",
] as const;

export type SiteContentKey = (typeof SITE_CONTENT_KEYS)[number];
export type SiteContentValues = Partial<Record<SiteContentKey, string>>;

export const siteContentKeySchema = z.enum(SITE_CONTENT_KEYS, { error: `Key must be one of ${SITE_CONTENT_KEYS.join(", ")}` });

export function isSiteContentKey(key: string): key is SiteContentKey {
  return (SITE_CONTENT_KEYS as readonly string[]).includes(key);
}

/** The firm's Site content form: one key's new value (PUT /api/firm/site-content/:key). */
export const siteContentValueSchema = z.object({
  value: requiredTextField("Text", { max: 2000, multiline: true, typeError: "Text is required" }),
});

export type SiteContentValueInput = z.infer<typeof siteContentValueSchema>;
