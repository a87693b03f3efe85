// Video ads: the demo has no advertisers, so the campaign list is empty and the VAST chain has no ads.
import type { Route } from "../http/router";

export const adRoutes: Route[] = [
  { method: "GET", path: "/ads/vasts", handler: () => [] },
  {
    method: "GET",
    path: "/ads/vasts/chain",
    handler: () =>
      new Response('<?xml version="1.0" encoding="UTF-8"?>\n<VAST version="4.1"/>\n', {
        headers: { "content-type": "application/xml; charset=utf-8" },
      }),
  },
];
