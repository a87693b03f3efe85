// What every loader and action of one request shares (Remix's load context), built once per request by the server
// (`getLoadContext` in server/main.ts, through the app's build): the visitor's address and the request's API handle.
import type { AppLoadContext } from "@remix-run/node";
import { createApiHandle, type ApiHandle } from "./api/handle";

declare module "@remix-run/server-runtime" {
  interface AppLoadContext {
    /** The visitor's address (the socket's, or the one TRUST_PROXY trusts in X-Forwarded-For), for per-client limits. */
    readonly clientIp: string | null;
    /** The request's API handle: every loader and action of the request calls the upstream through it. */
    readonly api: ApiHandle;
  }
}

export function createLoadContext(request: Request, { clientIp = null }: { clientIp?: string | null } = {}): AppLoadContext {
  return { clientIp, api: createApiHandle(request) };
}

/** What loaders and actions pass on to the feature code that calls the API. */
export type RequestArgs = { request: Request; context: AppLoadContext };
