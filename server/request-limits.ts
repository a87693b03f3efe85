// The HTTP server's own defences, checked before any route runs (docs/decisions/0100 and 0101): a known method,
// a bounded URL that decodes, no more path segments than any page has, and a body whose declared size is under
// its route's limit and of a type the route reads. Plus the socket timeouts and the answers to broken requests.
import type { Server, ServerOptions } from "node:http";
import type { Socket } from "node:net";
import type { NextFunction, Request, Response } from "express";
import { MAX_FORM_BODY_BYTES, MAX_PROXY_BODY_BYTES, MAX_UPLOAD_BODY_BYTES } from "../app/.server/body-limits";
import { logInfo } from "../app/.server/log.server";
import { serverStrings } from "../app/.server/strings";
import { sendBareNotFound, sendShortMessage } from "./plain-answers";

/** The path as sent (still percent-encoded). The longest page address is a few hundred bytes. */
export const MAX_PATH_BYTES = 2048;
/** The query string: well above the longest our own pages build (a catalogue filter with every option picked). */
export const MAX_QUERY_BYTES = 8192;
/** Slashes in a path. The deepest route has eight; rendering costs grow with the square of this count. */
export const MAX_PATH_SEGMENTS = 16;

const SUPPORTED_METHODS: ReadonlySet<string> = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
const BODILESS_METHODS: ReadonlySet<string> = new Set(["GET", "HEAD", "OPTIONS"]);
const FORM_TYPE = "application/x-www-form-urlencoded";
const MULTIPART_TYPE = "multipart/form-data";

export type Rejection = { status: number; message: string; closeConnection?: boolean };
type BodyRule = { maxBytes: number; accepts: "anything" | "forms" | "forms and uploads" };

const API_RULE: BodyRule = { maxBytes: MAX_PROXY_BODY_BYTES, accepts: "anything" };
const UPLOAD_RULE: BodyRule = { maxBytes: MAX_UPLOAD_BODY_BYTES, accepts: "forms and uploads" };
const FORM_RULE: BodyRule = { maxBytes: MAX_FORM_BODY_BYTES, accepts: "forms" };
/** The pages whose forms send files (multipart): the avatar and the data import. */
const UPLOAD_PAGES: ReadonlySet<string> = new Set(["/app/settings/account", "/me/data"]);

function slashCount(path: string): number {
  let count = 0;
  for (let index = path.indexOf("/"); index !== -1; index = path.indexOf("/", index + 1)) count += 1;
  return count;
}

function decodes(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

/** Vite's development server serves modules by file-system path, as deep as the checkout; Remix never sees them. */
const VITE_MODULE_PATH = /^\/(@fs|@id|node_modules)\//;

/** The method and the URL alone: everything that can be refused before a byte of the body is read. */
export function targetRejection(method: string, url: string, { viteModules = false } = {}): Rejection | null {
  if (!SUPPORTED_METHODS.has(method)) return { status: 501, message: serverStrings.methodNotAllowed };
  const queryStart = url.indexOf("?");
  const path = queryStart === -1 ? url : url.slice(0, queryStart);
  const query = queryStart === -1 ? "" : url.slice(queryStart + 1);
  if (path.length > MAX_PATH_BYTES || query.length > MAX_QUERY_BYTES) return { status: 414, message: serverStrings.uriTooLong };
  if (!decodes(path)) return { status: 400, message: serverStrings.badRequest };
  if (slashCount(path) > MAX_PATH_SEGMENTS && !(viteModules && VITE_MODULE_PATH.test(path)))
    return { status: 404, message: serverStrings.notFound };
  if (query === "") return null;
  const parameters = new URLSearchParams(query);
  // The pre-single-fetch data protocol: nothing of ours sends it, and Remix logs each one as an error.
  if (parameters.has("_data")) return { status: 400, message: serverStrings.badRequest };
  return null;
}

/** The route a path reaches, as Remix matches it: any case, with or without a trailing slash or `.data`. */
function bodyRuleFor(path: string): BodyRule {
  const routePath = path
    .toLowerCase()
    .replace(/\.data$/, "")
    .replace(/^\/_root$/, "/")
    .replace(/(.)\/+$/, "$1");
  if (/^\/(api|storage|embedded)\//.test(routePath)) return API_RULE;
  return UPLOAD_PAGES.has(routePath) ? UPLOAD_RULE : FORM_RULE;
}

function mediaTypeOf(contentType: string): string {
  return contentType.split(";", 1)[0]!.trim().toLowerCase();
}

type BodyHeaders = { "content-length"?: string; "content-type"?: string; "transfer-encoding"?: string };

/** The body as the headers describe it; Node's parser never delivers more bytes than Content-Length declares. */
export function bodyRejection(method: string, path: string, headers: BodyHeaders): Rejection | null {
  // A body of unknown size could only be limited while it streams in; every browser declares the length.
  if (headers["transfer-encoding"] !== undefined) return { status: 411, message: serverStrings.lengthRequired, closeConnection: true };
  const declaredBytes = Number(headers["content-length"] ?? "0");
  const rule = bodyRuleFor(path);
  if (declaredBytes > rule.maxBytes) return { status: 413, message: serverStrings.bodyTooLarge, closeConnection: true };
  if (BODILESS_METHODS.has(method) || rule.accepts === "anything") return null;
  const contentType = headers["content-type"];
  // No type and no body is an empty form; the route's own checks answer it.
  if (contentType === undefined) return declaredBytes === 0 ? null : { status: 415, message: serverStrings.unsupportedMediaType };
  const mediaType = mediaTypeOf(contentType);
  if (mediaType === FORM_TYPE || (mediaType === MULTIPART_TYPE && rule.accepts === "forms and uploads")) return null;
  return { status: 415, message: serverStrings.unsupportedMediaType };
}

/** Bodies over their limit that an upload form posted: the page's action answers them unread (decision 0281). */
const unreadBodies = new WeakSet<Request>();

/**
 * The body is over its route's limit and must not be read: the page's action refuses it by its declared length, on
 * the form, in the form's own words (a plain-text 413 is no page, and no answer a script of the page can read).
 */
export function bodyLeftUnread(request: Request): boolean {
  return unreadBodies.has(request);
}

/** The most of a refused form's body read and dropped to keep the connection; a larger one closes it after the answer. */
export const MAX_DRAINED_BODY_BYTES = 4 * MAX_UPLOAD_BODY_BYTES;

/**
 * A post of a form that takes a file (a document or its `.data`): a viewer makes such a body too large by choosing
 * a file, so the page answers it on its form. Other forms' fields have a maxLength: only a forged post is that large.
 */
function isUploadFormPost(request: Request): boolean {
  return request.method === "POST" && bodyRuleFor(request.path) === UPLOAD_RULE;
}

/** `viteModules`: in development only, Vite's module paths may be deeper than any page. */
export const createRequestLimits = ({ viteModules = false } = {}) =>
  function requestLimits(request: Request, response: Response, next: NextFunction) {
    const rejection =
      targetRejection(request.method, request.originalUrl, { viteModules }) ?? bodyRejection(request.method, request.path, request.headers);
    if (rejection?.status === 413 && isUploadFormPost(request)) {
      unreadBodies.add(request);
      if (Number(request.headers["content-length"]) > MAX_DRAINED_BODY_BYTES) response.setHeader("Connection", "close");
      else response.once("finish", () => discardUnreadBody(request));
      return next();
    }
    if (!rejection) {
      // Remix cannot read an untyped body as a form, even an empty one: say what it is.
      const untypedWrite = !BODILESS_METHODS.has(request.method) && request.headers["content-type"] === undefined;
      if (untypedWrite && bodyRuleFor(request.path).accepts !== "anything") request.headers["content-type"] = FORM_TYPE;
      if (!BODILESS_METHODS.has(request.method)) response.once("finish", () => discardUnreadBody(request));
      return next();
    }
    // Node would otherwise read the unread rest of a refused body to keep the connection.
    if (rejection.closeConnection) response.setHeader("Connection", "close");
    if (rejection.status === 404) return sendBareNotFound(request, response);
    sendShortMessage(request, response, rejection.status, rejection.message);
  };

/**
 * The rest of a body its answer did not need (an import refused by its declared size, decision 0237). Node drops it
 * by itself only if no one began to read it, and Remix always begins. Left unread, it stalls the client's upload, and
 * the browser shows the answer only when the connection times out. Its size is bounded by the route's limit above.
 */
function discardUnreadBody(request: Request): void {
  if (request.complete) return;
  request.removeAllListeners("data");
  request.resume();
}

/**
 * Idle keep-alive connections stay open longer than a proxy keeps its own to us (deploy/nginx.conf: 10 s), so the
 * proxy closes first; Node's 5 s closed sockets that a client was about to reuse (ECONNRESET). Under 20 s: an idle
 * connection must not hold a socket long (the hardening suite checks it).
 */
export const KEEP_ALIVE_SECONDS = 15;

/** Seconds, not Node's minutes: a client that sends its request slowly, or never finishes it, gets 408. */
export function serverTimeouts({
  headersTimeoutSeconds,
  requestTimeoutSeconds,
}: {
  headersTimeoutSeconds: number;
  requestTimeoutSeconds: number;
}): ServerOptions {
  return {
    headersTimeout: headersTimeoutSeconds * 1000,
    requestTimeout: requestTimeoutSeconds * 1000,
    keepAliveTimeout: KEEP_ALIVE_SECONDS * 1000,
    // How often Node looks for requests past those limits (30 s by default, which would stretch them).
    connectionsCheckingInterval: 1000,
  };
}

function rawAnswer(status: number, reason: string, message: string): string {
  const body = Buffer.from(message, "utf8");
  return `HTTP/1.1 ${status} ${reason}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${body.length}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${message}`;
}

function clientErrorAnswer(code: string | undefined): string {
  if (code === "ERR_HTTP_REQUEST_TIMEOUT") return rawAnswer(408, "Request Timeout", serverStrings.requestTimeout);
  if (code === "HPE_HEADER_OVERFLOW") return rawAnswer(431, "Request Header Fields Too Large", serverStrings.bodyTooLarge);
  return rawAnswer(400, "Bad Request", serverStrings.badRequest);
}

/** Requests Node's parser refuses, or that time out: a short Russian answer and the connection closed, no error log. */
export function answerClientErrors(server: Server) {
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Socket) => {
    // Like Node's own answer: only on a connection that has not started a response it could corrupt.
    if (error.code !== "ECONNRESET" && socket.writable && socket.bytesWritten === 0)
      socket.end(clientErrorAnswer(error.code), () => socket.destroy());
    else socket.destroy();
    logInfo("client error", { code: error.code });
  });
}
