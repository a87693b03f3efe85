import type { EntryContext, HandleErrorFunction } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import type { ReactElement } from "react";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import { NonceProvider } from "~/components/nonce-provider";
import { isCrawler } from "~/.server/crawler.server";
import { getEnv } from "~/.server/env.server";
import { logError, logWarn } from "~/.server/log.server";
import { takeReadyHandoff } from "~/.server/document-handoff.server";
import { createNulByteFilter } from "~/.server/nul-byte-filter.server";
import { contentSecurityPolicy, createNonce } from "~/.server/security/content-security-policy.server";

export { serveEmbeddedMedia } from "~/.server/embedded-passthrough.server";
export { createLoadContext } from "~/.server/load-context.server";
export { pageCacheVariant } from "~/.server/page-cache-variant.server";
export { pageCacheCookies, pageCacheQueryParameters } from "./page-cache-keys.server";

// Validate the configuration when the server module loads, so a bad value stops the start, not the first request.
getEnv();

const STREAM_TIMEOUT_MS = 10_000;
export const streamTimeout = STREAM_TIMEOUT_MS;

/** The server adds the headers every response carries (server/main.ts); HTML pages add their policy here. */
function setDocumentHeaders(headers: Headers, nonce: string) {
  const env = getEnv();
  headers.set("Content-Type", "text/html; charset=utf-8");
  headers.set(
    "Content-Security-Policy",
    contentSecurityPolicy({
      nonce,
      mediaOrigins: env.mediaOrigins,
      recaptcha: Boolean(env.RECAPTCHA_SITE_KEY),
      fingerprintService: Boolean(env.FINGERPRINT_API_KEY),
      thirdPartyVideoAds: env.vastTag?.kind === "url" || env.vastTag?.kind === "list",
      development: !env.isProduction,
    }),
  );
}

/** Crawlers get a bare page with the right status instead of the error UI (docs/product.md#states: bot errors are only logged). */
function crawlerErrorResponse(request: Request, status: number, headers: Headers): Response {
  // Anyone can call themselves a crawler: only the server's own failures are errors in the log.
  const log = status >= 500 ? logError : logWarn;
  log("crawler received an error page", { status, path: new URL(request.url).pathname, userAgent: request.headers.get("User-Agent") });
  const nonce = createNonce();
  setDocumentHeaders(headers, nonce);
  headers.set("X-Robots-Tag", "noindex");
  const title = String(status);
  const body = `<!DOCTYPE html><html lang="ru"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>${title}</title></head><body><h1>${title}</h1></body></html>`;
  return new Response(body, { status, headers });
}

type StreamOptions = {
  request: Request;
  crawler: boolean;
  nonce: string;
  responseStatusCode: number;
  responseHeaders: Headers;
  isSpaMode: boolean;
};

/** The page streamed as React renders it: the shell first, then the loader data still coming in. */
function streamDocument(page: ReactElement, { request, crawler, nonce, responseStatusCode, responseHeaders, isSpaMode }: StreamOptions) {
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // Set once the render has started (below); the stream's close handler clears it.
    // eslint-disable-next-line prefer-const
    let abortTimer: ReturnType<typeof setTimeout> | undefined;
    const readyEvent = crawler || isSpaMode ? "onAllReady" : "onShellReady";
    const { pipe, abort } = renderToPipeableStream(page, {
      nonce,
      [readyEvent]() {
        shellRendered = true;
        const body = createNulByteFilter();
        // The abort timer would keep this render alive for seconds after it finished; drop it once done.
        body.on("close", () => clearTimeout(abortTimer));
        const stream = createReadableStreamFromReadable(body);
        setDocumentHeaders(responseHeaders, nonce);
        resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
        pipe(body);
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        // Errors after the shell streamed are reported by the error boundaries; before it, they are ours to log.
        if (shellRendered && !request.signal.aborted) logError("render error after shell", { error });
      },
    });
    abortTimer = setTimeout(abort, STREAM_TIMEOUT_MS + 1000);
  });
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
) {
  const crawler = isCrawler(request.headers.get("User-Agent"));
  if (crawler && responseStatusCode >= 400) {
    return crawlerErrorResponse(request, responseStatusCode, responseHeaders);
  }
  const nonce = createNonce();
  const page = (
    <NonceProvider value={nonce}>
      <RemixServer context={remixContext} url={request.url} abortDelay={STREAM_TIMEOUT_MS} nonce={nonce} />
    </NonceProvider>
  );
  if (await takeReadyHandoff(remixContext)) {
    // Nothing left to wait for: one pass into a string costs a third of the streaming renderer's chunked writes.
    const html = renderToString(page);
    setDocumentHeaders(responseHeaders, nonce);
    // A Buffer, not a string: a string body is scanned for lone surrogates and encoded again by the Response.
    return new Response(Buffer.from(`<!DOCTYPE html>${html}`), { headers: responseHeaders, status: responseStatusCode });
  }
  return streamDocument(page, { request, crawler, nonce, responseStatusCode, responseHeaders, isSpaMode: remixContext.isSpaMode });
}

export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  // 4xx answers (a POST to a page without an action, say) are the visitor's mistake, not ours.
  const status = typeof error === "object" && error !== null ? (error as { status?: unknown }).status : undefined;
  if (typeof status === "number" && status < 500) return;
  logError("unhandled server error", { error, path: new URL(request.url).pathname, method: request.method });
};
