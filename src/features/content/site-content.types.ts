import type { SiteContentKey } from "./site-content.schema.ts";

/** A site_content key as the firm's Site content screen shows it. */
export interface SiteContentEntry {
  key: SiteContentKey;
  /** The stored value; null when the page shows its built-in text. */
  value: string | null;
  updatedAt: string | null;
  /** Email of who stored the current value, when known. */
  updatedBy: string | null;
}

/** One kept version of a key (null value: the key was reverted to the built-in text). */
export interface SiteContentVersion {
  id: number;
  key: SiteContentKey;
  value: string | null;
  /** The version this one restored, if it was a restore. */
  restoredFrom: number | null;
  createdBy: string | null;
  createdAt: string;
}

/** GET /api/firm/site-content */
export interface SiteContentListResponse {
  entries: SiteContentEntry[];
}

/** GET /api/firm/site-content/:key/versions */
export interface SiteContentVersionsResponse {
  versions: SiteContentVersion[];
}
