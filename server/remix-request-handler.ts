// Remix's Express request handler, except that a request's signal aborts once its response is over, finished or not
// (docs/decisions/0244-request-signal-aborts-when-the-answer-is-done.md). Remix arms a timer of the entry's
// `streamTimeout` for each page's loader data and clears it only when the request's signal aborts; Remix's adapter
// aborts only a response closed before it finished, so each answered page kept its data in memory for 10 s.
import {
  createReadableStreamFromReadable,
  createRequestHandler as createRemixHandler,
  writeReadableStreamToWritable,
} from "@remix-run/node";
import type { AppLoadContext, ServerBuild } from "@remix-run/node";
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { fetchHeadersOf } from "./fetch-headers";
import { requestUrlOf } from "./request-origin";
import { bodyLeftUnread } from "./request-limits";

type HandlerOptions = {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: string;
  /** Gets the Remix request too: what the load context holds (the API handle) is made for it. */
  getLoadContext: (request: ExpressRequest, remixRequest: Request) => AppLoadContext | Promise<AppLoadContext>;
};

/**
 * The Remix request for an Express request; its signal aborts when the response closes, finished or not. Its address
 * is the one `rejectUnparsableAddresses` checked before any route ran.
 */
export function remixRequestOf(request: ExpressRequest, response: ExpressResponse): Request {
  const url = requestUrlOf(request);
  if (!url) throw new Error(`An address that cannot be parsed reached the page handler: ${request.originalUrl}`);
  const over = new AbortController();
  response.once("close", () => over.abort());
  const init: RequestInit & { duplex?: "half" } = { method: request.method, headers: fetchHeadersOf(request), signal: over.signal };
  // A body over its limit reaches the page's action unread: the action refuses it by its declared length.
  if (request.method !== "GET" && request.method !== "HEAD" && !bodyLeftUnread(request)) {
    init.body = createReadableStreamFromReadable(request);
    init.duplex = "half";
  }
  return new Request(url, init);
}

export async function sendAnswer(response: ExpressResponse, answer: Response): Promise<void> {
  response.statusMessage = answer.statusText;
  response.status(answer.status);
  for (const [name, value] of answer.headers.entries()) {
    // The middleware's security headers are set already: the same value again would read "nosniff, nosniff".
    if (name !== "set-cookie" && response.getHeader(name) === value) continue;
    response.append(name, value);
  }
  const eventStream = /text\/event-stream/i.test(answer.headers.get("Content-Type") ?? "");
  if (eventStream) response.flushHeaders();
  if (answer.body && eventStream) await writeEventStream(answer.body, response);
  else if (answer.body) await writeReadableStreamToWritable(answer.body, response);
  else response.end();
}

/**
 * An event stream is written only as fast as the client reads (Remix's own writer ignores the socket's backpressure,
 * so a client that never reads would grow this process's memory): what the client has not taken waits in the
 * stream's own bounded queue, whose producer ends it when it overflows (decision 0262). Then, or when the stream
 * fails, the connection is closed.
 */
export async function writeEventStream(body: ReadableStream<Uint8Array>, response: ExpressResponse): Promise<void> {
  const reader = body.getReader();
  const failed = reader.closed.then(
    () => "closed" as const,
    () => "failed" as const,
  );
  const gone = new Promise<"gone">((resolve) => response.once("close", () => resolve("gone")));
  try {
    for (;;) {
      const next = await Promise.race([reader.read(), gone]);
      if (next === "gone") return void (await reader.cancel().catch(() => undefined));
      if (next.done) return void response.end();
      if (response.write(next.value)) {
        (response as { flush?: () => void }).flush?.();
        continue;
      }
      (response as { flush?: () => void }).flush?.();
      const drained = new Promise<"drained">((resolve) => response.once("drain", () => resolve("drained")));
      const outcome = await Promise.race([drained, gone, failed]);
      if (outcome === "failed") return void response.destroy();
      if (outcome === "gone") return void (await reader.cancel().catch(() => undefined));
    }
  } catch {
    // The stream failed (its producer cut off a client that reads too slowly): no more of this answer.
    response.destroy();
  }
}

export function createRequestHandler({ build, mode, getLoadContext }: HandlerOptions) {
  const handleRequest = createRemixHandler(build, mode);
  return async (request: ExpressRequest, response: ExpressResponse, next: NextFunction) => {
    try {
      const remixRequest = remixRequestOf(request, response);
      await sendAnswer(response, await handleRequest(remixRequest, await getLoadContext(request, remixRequest)));
    } catch (error) {
      next(error);
    }
  };
}
