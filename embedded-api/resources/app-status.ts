// GET /app/status: the health probe the official Android app sends to each mirror to pick the fastest (it only
// checks for success); the current document gives its shape.
import type { Route } from "../http/router";
import { locationOf } from "../accounts/location";

export const appStatusRoutes: Route[] = [
  {
    method: "GET",
    path: "/app/status",
    handler: (context) => {
      const { ip, country, iso_code, timezone } = locationOf(context.clientIp);
      return {
        request: { ip, country, iso_code, timezone },
        is_alive: true,
        // What the live strings look like is not recorded anywhere; this server offers its own API root.
        available_api_endpoints: [`${context.origin}/api/v1`],
      };
    },
  },
];
