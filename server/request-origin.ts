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

/** The URL Remix will build, or null when it cannot be built. */
export function requestUrlOf(request: Request): URL | null {
  if (!request.originalUrl.startsWith("/")) return null;
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
