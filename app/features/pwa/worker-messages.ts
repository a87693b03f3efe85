// Messages between the page and the worker. Kept apart from worker-rules.ts so the page's entry chunk
// carries only this constant, not a shared chunk of its own.

/** The page asks the worker to keep the page it was opened on (loaded before the worker controlled it). */
export const CACHE_CURRENT_PAGE_MESSAGE = "cache-current-page";
export type CacheCurrentPageMessage = { type: typeof CACHE_CURRENT_PAGE_MESSAGE; url: string; assets: string[] };
