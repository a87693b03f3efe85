import { isbot } from "isbot";

// docs/product.md#constants: crawlers, link-preview and page-audit agents.
const EXTRA_CRAWLER_PATTERN = /bot|chrome-lighthouse|facebookexternalhit|google/i;

export function isCrawler(userAgent: string | null): boolean {
  if (!userAgent) return false;
  return isbot(userAgent) || EXTRA_CRAWLER_PATTERN.test(userAgent);
}
