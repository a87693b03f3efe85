// GET /ads/pre-roll: the VAST documents of the player's pre-roll, wrappers followed (decision 0150).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { NO_STORE_CACHE_CONTROL } from "~/.server/http-cache.server";
import type { PreRollAnswer } from "~/features/ads/pre-roll-chain";
import { loadPreRollChain } from "~/features/ads/vast-chain.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const answer: PreRollAnswer = { documents: await loadPreRollChain(request) };
  return new Response(JSON.stringify(answer), {
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": NO_STORE_CACHE_CONTROL, "X-Robots-Tag": "noindex" },
  });
}
