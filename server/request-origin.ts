// The address a request was sent to, read the way Remix's Express adapter reads it: protocol, host and target
// must make one URL, or Remix throws while building its Request and the visitor gets a 500 (docs/decisions/0100).
import type { NextFunction, Request, Response } from "express";
import { serverStrings } from "../app/.server/strings";
import { sendShortMessage } from "./plain-answers";

function forwardedHostIsTrusted(request: Request): boolean {
  const trust = request.app.get("trust proxy fn") as ((address: string | undefined, hop: number) => boolean) | undefined;
  return trust?.(request.socket.remoteAddress, 0) ?? false;
}

/** Host and port as the client (or a trusted proxy's X-Forwarded-Host) named them. */
function requestedHost(request: Request): string {
  return request.get("x-forwarded-host")?.split(",")[0]?.trim() || request.get("host") || "localhost";
}

/** The origin this request was addressed to: the one a same-origin page of ours sends as `Origin`. */
export function requestOriginOf(request: Request): string {
  return `${request.protocol}://${requestedHost(request)}`;
}

/**
 * A host as HTTP has it: a name or IPv4 address, or an IPv6 literal in brackets, then an optional port. Nothing a
 * URL parser would read as more: user-info (`127.0.0.1:x@127.0.0.1` makes a URL that fetch's Request refuses,
 * a 500), a path or a query (which would move the page Remix routes away from the one the checks here saw).
 */
const HOST_SYNTAX = /^(?:[a-z0-9._~-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** The URL Remix will build, or null when it cannot be built. */
export function requestUrlOf(request: Request): URL | null {
  if (!request.originalUrl.startsWith("/")) return null;
  if (!HOST_SYNTAX.test(requestedHost(request))) return null;
  if (request.protocol !== "http" && request.protocol !== "https") return null;
  try {
    return new URL(`${requestOriginOf(request)}${request.originalUrl}`);
  } catch {
    return null;
  }
}

/**
 * An X-Forwarded-Host from anyone but a trusted proxy is dropped (Remix would compare a write's Origin with it and
 * throw); a request whose address cannot be parsed (`Host: [::1`, the target `*`, `X-Forwarded-Proto: gopher`)
 * gets 400 before any route runs.
 */
export function rejectUnparsableAddresses(request: Request, response: Response, next: NextFunction) {
  if (!forwardedHostIsTrusted(request)) delete request.headers["x-forwarded-host"];
  if (requestUrlOf(request)) return next();
  sendShortMessage(request, response, 400, serverStrings.badRequest);
}
