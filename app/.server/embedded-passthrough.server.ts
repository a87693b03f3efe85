// `/storage/*` and `/embedded/*` answered by the in-process embedded API, only when it is the upstream.
import { getEmbeddedApi, isEmbeddedUpstream } from "./api/transport";
import { forwardToEmbeddedApi } from "./api-proxy.server";
import { throwPageNotFound } from "./not-found.server";
import { getSessionToken } from "./session.server";

/**
 * The development pages act for the signed-in visitor only (the ad flags are their own account's, decision 0250):
 * the session's token goes along as the API's own bearer token, in place of any the client sent.
 */
export async function serveEmbeddedPath(request: Request): Promise<Response> {
  if (!isEmbeddedUpstream()) throwPageNotFound(request);
  const embedded = await getEmbeddedApi();
  const token = getSessionToken(request);
  return forwardToEmbeddedApi(request, (forwarded) => {
    forwarded.headers.delete("authorization");
    if (token) forwarded.headers.set("authorization", `Bearer ${token}`);
    return embedded.handle(forwarded);
  });
}

/** `/storage/*` for the server's own fast path (server/embedded-media.ts): null when a remote upstream is used. */
export async function serveEmbeddedMedia(request: Request): Promise<Response | null> {
  if (!isEmbeddedUpstream()) return null;
  return (await getEmbeddedApi()).handle(request);
}
