// The fetch handler: /api/v1 (JSON API), /storage (media) and /embedded (development pages).
import { ApiError } from "./http/api-error";
import { RequestContext, type Services } from "./http/context";
import { selectFields } from "./http/field-selection";
import { jsonValueResponse } from "./http/json-value";
import { withLiveDates } from "./http/live-dates";
import { parseNestedQuery } from "./http/query-string";
import { apiRouter } from "./api-routes";
import { serveMedia } from "./media-server/static-media";
import { handleDevPage } from "./dev-pages/dev-pages";
import { serveUploadedAvatar } from "./accounts/avatars";

const API_PREFIX = "/api/v1";
const CORS_HEADERS = {
  "access-control-allow-origin": "*",
  "access-control-allow-methods": "GET, POST, DELETE, OPTIONS",
  "access-control-allow-headers": "authorization, content-type, accept",
  "access-control-max-age": "600",
};

export function jsonResponse(body: unknown, status = 200, extraHeaders: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: jsonHeaders(extraHeaders) });
}

function jsonHeaders(extraHeaders: Record<string, string>): Record<string, string> {
  return { "content-type": "application/json; charset=utf-8", ...CORS_HEADERS, ...extraHeaders };
}

/** `jsonValue`: a successful JSON answer carries its value instead of a body (http/json-value.ts). */
export type HandleOptions = { jsonValue?: boolean };

async function handleApi(request: Request, services: Services, url: URL, apiPath: string, options: HandleOptions): Promise<Response> {
  if (request.method === "OPTIONS") return new Response(null, { status: 204, headers: CORS_HEADERS });
  const method = request.method === "HEAD" ? "GET" : request.method;
  const match = apiRouter.match(method, apiPath);
  if (match.kind === "not-found") return jsonResponse({ message: "Маршрут не найден" }, 404);
  if (match.kind === "method-not-allowed") {
    return jsonResponse({ message: "Метод не поддерживается" }, 405, { allow: match.allowed.join(", ") });
  }
  const context = new RequestContext(request, services, match.params, parseNestedQuery(url.searchParams));
  const result = await match.route.handler(context);
  if (result instanceof Response) return result;
  // A poll answer says how the caller voted.
  const personal = apiPath.startsWith("/accounts/") || apiPath.startsWith("/polls/");
  const selected =
    method === "GET"
      ? selectFields(result, url.searchParams.get("include"), url.searchParams.get("exclude"), match.route.selection)
      : result;
  const body = withLiveDates(selected);
  const headers = { "cache-control": personal ? "no-store" : "no-cache" };
  if (options.jsonValue) return jsonValueResponse(body ?? null, 200, jsonHeaders(headers));
  return jsonResponse(body ?? null, 200, headers);
}

export function createHandler(services: Services, mediaRoot: string): (request: Request, options?: HandleOptions) => Promise<Response> {
  return async (request, options = {}) => {
    try {
      const url = new URL(request.url);
      const path = url.pathname;
      if (path === API_PREFIX || path.startsWith(`${API_PREFIX}/`)) {
        return await handleApi(request, services, url, path.slice(API_PREFIX.length) || "/", options);
      }
      if (path.startsWith("/storage/")) {
        if (request.method === "GET" || request.method === "HEAD") {
          const upload = serveUploadedAvatar(services.db, request, path);
          if (upload) return upload;
        }
        return await serveMedia(request, mediaRoot, path.slice("/storage/".length));
      }
      if (path.startsWith("/embedded/")) return await handleDevPage(request, services, path.slice("/embedded".length));
      return jsonResponse({ message: "Не найдено" }, 404);
    } catch (error) {
      if (error instanceof ApiError) return jsonResponse(error.toBody(), error.status);
      console.error("[embedded-api] unexpected error", error);
      return jsonResponse({ message: "Внутренняя ошибка сервера" }, 500);
    }
  };
}
