// The production (and development) HTTP server: security headers, caching of static files, request logs,
// the Origin check on every non-GET, health, graceful shutdown, and the Remix request handler.
import { createServer } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express, { type NextFunction, type Request as ExpressRequest, type Response as ExpressResponse } from "express";
import { getEnv } from "../app/.server/env.server";
import { logError, logInfo } from "../app/.server/log.server";
import { isAnswerCutOff } from "../app/.server/outbound-fetch.server";
import { baseSecurityHeaders } from "../app/.server/security/content-security-policy.server";
import { isSameOriginRequest } from "../app/.server/security/same-origin.server";
import { serverStrings } from "../app/.server/strings";
import { ru } from "../app/i18n/ru";
import { BUILD_VERSION_PATH } from "../app/domain/build-version";
import { SAVE_DATA_HEADER } from "../app/domain/low-data";
import { answerBuildVersion } from "./build-version";
import { embeddedMedia } from "./embedded-media";
import { failuresAreNotStored } from "./failure-headers";
import { createPageCache, type VariantOf } from "./page-cache";
import { queryParametersOfRoutes } from "./page-cache-routes";
import { sendBareNotFound, sendShortMessage } from "./plain-answers";
import { loadContextFromHooks } from "./load-context";
import { precompressedAssets } from "./precompressed-assets";
import { fetchHeadersOf } from "./fetch-headers";
import { onlyForBuildEntries } from "./public-files";
import { rejectUnknownHosts, strictTransportSecurity } from "./public-host";
import { answerClientErrors, createRequestLimits, serverTimeouts } from "./request-limits";
import { rejectUnparsableAddresses, requestOriginOf } from "./request-origin";
import { createRequestHandler } from "./remix-request-handler";
import { serverHooksFromBuild, serverHooksFromVite, type ServerHooks } from "./server-hooks";
import { rememberRouteMatches } from "../app/framework/.server/route-matching";
import { exitGracefullyOnSignals } from "./shutdown";

const development = process.argv.includes("--dev");
const env = getEnv();
// The server always runs from the project root (npm scripts, the Docker WORKDIR); BUILD_DIR selects the build.
const buildDirectory = path.resolve(process.env.BUILD_DIR ?? "build");
const clientBuildDirectory = path.join(buildDirectory, "client");

function logRequests(request: ExpressRequest, response: ExpressResponse, next: NextFunction) {
  const started = process.hrtime.bigint();
  response.on("finish", () => {
    const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
    // The path only: query strings can carry e-mail tokens.
    logInfo("request", {
      method: request.method,
      path: request.path,
      status: response.statusCode,
      durationMs: Math.round(durationMs * 10) / 10,
    });
  });
  next();
}

/**
 * The upstream sees the visitor's address (sessions list, location): the socket's, or the one the trusted
 * proxies recorded (TRUST_PROXY). Whatever else the client put in X-Forwarded-For goes no further.
 */
function forwardClientAddress(request: ExpressRequest, _response: ExpressResponse, next: NextFunction) {
  if (request.ip) request.headers["x-forwarded-for"] = request.ip;
  else delete request.headers["x-forwarded-for"];
  next();
}

function securityHeaders(_request: ExpressRequest, response: ExpressResponse, next: NextFunction) {
  for (const [name, value] of Object.entries(baseSecurityHeaders)) response.setHeader(name, value);
  next();
}

function rejectCrossOriginWrites(request: ExpressRequest, response: ExpressResponse, next: NextFunction) {
  if (["GET", "HEAD", "OPTIONS"].includes(request.method)) return next();
  const probe = new Request(`${requestOriginOf(request)}${request.originalUrl}`, {
    method: request.method,
    headers: Object.entries(request.headers).flatMap(([name, value]) =>
      name === "origin" || name === "sec-fetch-site" ? [[name, String(value)] as [string, string]] : [],
    ),
  });
  if (isSameOriginRequest(probe, requestOriginOf(request))) return next();
  response
    .status(403)
    .type("application/json")
    .send(JSON.stringify({ message: serverStrings.crossOrigin }));
}

/**
 * A path that starts with "/\\" or "//" once decoded reads as another host to URL parsers (React Router's
 * included), so it can never be one of our pages: answer 404 before it reaches the router.
 */
function rejectHostLikePaths(request: ExpressRequest, response: ExpressResponse, next: NextFunction) {
  let path = request.path;
  try {
    path = decodeURIComponent(path);
  } catch {
    // Never reached: the request limits have already answered malformed escapes with 400.
  }
  if (!/^\/[\\/]/.test(path)) return next();
  sendBareNotFound(request, response);
}

/**
 * Remix warns on every path with "//" inside (one stderr line per request, for anyone to repeat): a page read
 * goes to the same path with single slashes, anything else is no page of ours.
 */
function collapseRepeatedSlashes(request: ExpressRequest, response: ExpressResponse, next: NextFunction) {
  if (!request.path.includes("//")) return next();
  if (request.method !== "GET" && request.method !== "HEAD") return sendBareNotFound(request, response);
  const queryStart = request.originalUrl.indexOf("?");
  const query = queryStart === -1 ? "" : request.originalUrl.slice(queryStart);
  response.setHeader("Cache-Control", "no-store");
  // A backslash reads as a slash to browsers: encoded, it cannot turn the target into another host.
  response.redirect(308, `${request.path.replace(/\/{2,}/g, "/")}${query}`.replaceAll("\\", "%5C"));
}

function clientErrorStatusOf(error: unknown): number | null {
  const status =
    (error as { status?: unknown; statusCode?: unknown } | null)?.status ?? (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === "number" && status >= 400 && status < 500 ? status : null;
}

/** The headers the app's variant reads (low-data mode follows Save-Data, decision 0288). */
const VARIANT_HEADERS = ["cookie", "user-agent", "x-forwarded-for", SAVE_DATA_HEADER.toLowerCase()];

/**
 * The app's variant function: it reads caches the pages fill (the visitor's location), keyed by the upstream, whose
 * embedded address is this site's origin, so the request it reads carries the origin the page's own request has.
 */
function variantFromHooks(hooks: ServerHooks): VariantOf {
  return (request) =>
    hooks.pageCacheVariant(new Request(`${requestOriginOf(request)}/`, { headers: fetchHeadersOf(request, VARIANT_HEADERS) }));
}

/** The page cache, keyed on what the app says its routes read (decision 0247). */
function pageCacheOf(build: ServerBuild, hooks: ServerHooks) {
  return createPageCache({
    maxAgeSeconds: env.PAGE_CACHE_SECONDS,
    maxBytes: env.PAGE_CACHE_MAX_MB * 1024 * 1024,
    variantOf: variantFromHooks(hooks),
    queryParametersOf: queryParametersOfRoutes(build.routes, hooks.pageCacheQueryParameters),
    cookies: hooks.pageCacheCookies(),
  });
}

async function loadViteDevServer() {
  const vite = await import("vite");
  return vite.createServer({ server: { middlewareMode: true } });
}

async function main() {
  rememberRouteMatches();
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", env.TRUST_PROXY);
  app.use(logRequests);
  app.use(forwardClientAddress);
  app.use(failuresAreNotStored);
  app.use(securityHeaders);
  app.use(strictTransportSecurity({ enabled: env.isProduction, siteIsHttps: env.SITE_URL?.startsWith("https:") ?? false }));
  app.use(createRequestLimits({ viteModules: development }));
  app.use(rejectUnparsableAddresses);
  app.use(rejectUnknownHosts(env.allowedHosts));
  app.use(compression());
  app.use(rejectCrossOriginWrites);
  app.use(rejectHostLikePaths);
  app.use(collapseRepeatedSlashes);

  let build: ServerBuild | (() => Promise<ServerBuild>);
  let hooks: ServerHooks;
  let requestHooks: ServerHooks | (() => Promise<ServerHooks>);
  if (development) {
    const viteDevServer = await loadViteDevServer();
    app.use(viteDevServer.middlewares);
    build = () => viteDevServer.ssrLoadModule("virtual:remix/server-build") as Promise<ServerBuild>;
    hooks = await serverHooksFromVite(viteDevServer);
    requestHooks = () => serverHooksFromVite(viteDevServer);
  } else {
    // Hashed file names never change: cache them for a year. Everything else in public/ revalidates hourly,
    // except the service worker and the manifest, which must never be cached as immutable.
    const assetsDirectory = path.join(clientBuildDirectory, "assets");
    app.use(
      "/assets",
      precompressedAssets(assetsDirectory),
      express.static(assetsDirectory, { immutable: true, maxAge: "1y", index: false }),
    );
    app.use(
      onlyForBuildEntries(
        clientBuildDirectory,
        express.static(clientBuildDirectory, {
          maxAge: "1h",
          index: false,
          setHeaders(response, filePath) {
            const name = path.basename(filePath);
            if (name === "sw.js" || name === "manifest.webmanifest") response.setHeader("Cache-Control", "no-cache");
          },
        }),
      ),
    );
    const productionBuild = (await import(pathToFileURL(path.join(buildDirectory, "server", "index.js")).href)) as ServerBuild;
    hooks = await serverHooksFromBuild(buildDirectory);
    app.use("/storage", embeddedMedia(hooks.serveEmbeddedMedia));
    app.use(pageCacheOf(productionBuild, hooks).middleware);
    build = productionBuild;
    requestHooks = hooks;
  }

  const servedBuild = build;
  app.get(
    BUILD_VERSION_PATH,
    answerBuildVersion(async () => (typeof servedBuild === "function" ? await servedBuild() : servedBuild).assets.version),
  );

  app.all(
    "*",
    createRequestHandler({
      build,
      mode: development ? "development" : "production",
      getLoadContext: loadContextFromHooks(requestHooks),
    }),
  );

  app.use((error: unknown, request: ExpressRequest, response: ExpressResponse, _next: NextFunction) => {
    // Static files refuse some requests themselves (416 for a range past the end, 400, 412): pass those on.
    const clientErrorStatus = clientErrorStatusOf(error);
    if (clientErrorStatus !== null) {
      if (!response.headersSent) sendShortMessage(request, response, clientErrorStatus, serverStrings.badRequest);
      return;
    }
    // The upstream's body stopped half-way: logged where it happened; the connection is aborted, never ended.
    if (isAnswerCutOff(error)) {
      response.destroy();
      return;
    }
    logError("unhandled server error", { error });
    if (!response.headersSent) response.status(500).type("text/plain; charset=utf-8").send(ru.errors.server);
  });

  await hooks.connectSharedRedis();
  const server = createServer(
    serverTimeouts({ headersTimeoutSeconds: env.HEADERS_TIMEOUT_SECONDS, requestTimeoutSeconds: env.REQUEST_TIMEOUT_SECONDS }),
    app,
  );
  answerClientErrors(server);
  server.listen(env.PORT, env.HOST, () => {
    logInfo("server started", {
      url: `http://localhost:${env.PORT}`,
      mode: development ? "development" : "production",
      upstream: env.upstreamUrls.length > 0 ? env.upstreamUrls.join(", ") : "embedded",
      hosts: env.allowedHosts ?? "any",
    });
  });

  hooks.startNotificationSender();
  exitGracefullyOnSignals(server, {
    beforeClose: hooks.endEventStreams,
    afterClose: async () => {
      await hooks.stopNotificationSender();
      await hooks.closeSharedRedis();
    },
  });
}

main().catch((error: unknown) => {
  logError("server failed to start", { error });
  process.exit(1);
});
