// The server's clock for the members of «Смотреть вместе» (decision 0280): a small answer that is never stored, so
// that a browser can time its round trip and place the server's time in the middle of it.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { NO_STORE_CACHE_CONTROL } from "~/.server/http-cache.server";
import { clientAddress, createRateLimiter } from "~/.server/security/rate-limit.server";
import { watchTogetherStrings as strings } from "./strings";

/** A member samples the clock a few times on joining, on each reconnect and on coming back to the tab. */
const clockLimit = createRateLimiter({ name: "room-clock", limit: 120, windowMs: 60_000, maxKeys: 20_000 });

/** GET /watch-together/clock: `{ now }`, the server's time in milliseconds, read as late as possible. */
export async function roomClockLoader({ context }: LoaderFunctionArgs) {
  const headers = { "Cache-Control": NO_STORE_CACHE_CONTROL };
  const decision = await clockLimit.hit(clientAddress(context));
  if (!decision.allowed) {
    return Response.json(
      { error: strings.tooFast },
      { status: 429, headers: { ...headers, "Retry-After": String(decision.retryAfterSeconds) } },
    );
  }
  return Response.json({ now: Date.now() }, { headers });
}
