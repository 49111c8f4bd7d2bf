import { request, type ApiResult } from "~/lib/api-client.ts";
import type { NewsletterSubscribed } from "./content.types.ts";
import type { NewsletterInput } from "./newsletter.schema.ts";
import type { SiteContentValueInput } from "./site-content.schema.ts";
import type { SiteContentEntry, SiteContentVersionsResponse } from "./site-content.types.ts";

/** The content API as the browser calls it: the newsletter box, and the firm's Site content screen. */

const siteContent = (key: string) => `/api/firm/site-content/${encodeURIComponent(key)}`;

export function saveSiteContent(key: string, input: SiteContentValueInput): Promise<ApiResult<SiteContentEntry>> {
  return request<SiteContentEntry>(siteContent(key), { method: "PUT", json: input });
}

/** Back to the built-in text (204, no body). */
export function revertSiteContent(key: string): Promise<ApiResult<null>> {
  return request<null>(siteContent(key), { method: "DELETE" });
}

export function getSiteContentVersions(key: string): Promise<ApiResult<SiteContentVersionsResponse>> {
  return request<SiteContentVersionsResponse>(`${siteContent(key)}/versions`);
}

export function restoreSiteContentVersion(versionId: number): Promise<ApiResult<SiteContentEntry>> {
  return request<SiteContentEntry>(`/api/firm/site-content/versions/${encodeURIComponent(versionId)}/restore`, { method: "POST" });
}

/** Where the newsletter box posts without script (its `action`), and with it. */
export const NEWSLETTER_PATH = "/api/content/newsletter";

/** POST /api/content/newsletter: 201 subscribed, 200 already subscribed. */
export function subscribeToNewsletter(input: NewsletterInput): Promise<ApiResult<NewsletterSubscribed>> {
  return request<NewsletterSubscribed>(NEWSLETTER_PATH, { json: input });
}
