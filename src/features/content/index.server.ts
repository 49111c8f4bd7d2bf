/** What other features use of the content feature on the server: the read-through cache the site content is kept in. */
export { createCache, type Cache, type CacheOptions } from "./site-content-cache.ts";
