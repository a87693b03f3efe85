// `/storage/*` and `/embedded/*` answered by the in-process embedded API, only when it is the upstream.
import { getEmbeddedApi, isEmbeddedUpstream } from "./api/transport";
import { forwardToEmbeddedApi } from "./api-proxy.server";
import { throwPageNotFound } from "./not-found.server";

export async function serveEmbeddedPath(request: Request): Promise<Response> {
  if (!isEmbeddedUpstream()) throwPageNotFound(request);
  const embedded = await getEmbeddedApi();
  return forwardToEmbeddedApi(request, (forwarded) => embedded.handle(forwarded));
}

/** `/storage/*` for the server's own fast path (server/embedded-media.ts): null when a remote upstream is used. */
export async function serveEmbeddedMedia(request: Request): Promise<Response | null> {
  if (!isEmbeddedUpstream()) return null;
  return (await getEmbeddedApi()).handle(request);
}
