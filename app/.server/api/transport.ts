// Where upstream calls go: the embedded API in-process when UPSTREAM_URL is unset, the network otherwise.
import { existsSync } from "node:fs";
import path from "node:path";
import type * as EmbeddedApiEntry from "../../../embedded-api/index";
import { getEnv } from "../env.server";
import { fetchUpstream } from "../outbound-fetch.server";
import { publicOriginOf } from "../security/same-origin.server";
import { hostPoolFor, type HostPool } from "./upstream-hosts";

/**
 * `jsonValue`: the caller takes a successful answer's JSON value when the transport can hand it over (in-process).
 * `maxBodyBytes`: the cap on a network answer's body when it is not JSON (a torrent file); UPSTREAM_MAX_ANSWER_MB otherwise.
 */
export type TransportOptions = { jsonValue?: boolean; maxBodyBytes?: number };
export type Transport = (request: Request, options?: TransportOptions) => Promise<Response>;

/**
 * `baseUrl` ends with `/api/v1` and has no trailing slash. `hosts`: the API's mirrors over the network, each URL
 * a `baseUrl`; a call goes to the first healthy one (decision 0210), `baseUrl` being the first.
 */
export type UpstreamTarget = { baseUrl: string; transport: Transport; embedded: boolean; hosts?: HostPool };

type EmbeddedApi = { handle(request: Request, options?: TransportOptions): Promise<Response>; close(): void };

type EmbeddedApiModule = typeof EmbeddedApiEntry;

let embeddedApiModule: Promise<EmbeddedApiModule> | undefined;
/** Set once the embedded API's module is loaded: an answer carrying a JSON value can only come after that. */
let readJsonValue: EmbeddedApiModule["jsonValueOf"] | undefined;

/** The embedded API's public entry, loaded on first use so a remote upstream never loads SQLite. */
export function loadEmbeddedApiModule(): Promise<EmbeddedApiModule> {
  embeddedApiModule ??= import("../../../embedded-api/index").then((module) => {
    readJsonValue = module.jsonValueOf;
    return module;
  });
  embeddedApiModule.catch(() => {
    embeddedApiModule = undefined;
  });
  return embeddedApiModule;
}

let embeddedApi: Promise<EmbeddedApi> | undefined;

/** One embedded API per server process, created on first use. */
export function getEmbeddedApi(): Promise<EmbeddedApi> {
  embeddedApi ??= loadEmbeddedApiModule().then(({ createEmbeddedApi, DEFAULT_MEDIA_DIR }) => {
    const env = getEnv();
    return createEmbeddedApi({
      dbPath: env.EMBEDDED_API_DB,
      recaptchaSecret: env.RECAPTCHA_SECRET,
      // "Production" to the embedded API means no mailbox and no social stand-in (and no demo account).
      production: !env.embeddedDevPages,
      mediaDir: embeddedMediaDir(DEFAULT_MEDIA_DIR),
    });
  });
  embeddedApi.catch(() => {
    embeddedApi = undefined;
  });
  return embeddedApi;
}

/**
 * The embedded API finds its media next to its own module; bundled into the server build that folder
 * moves, so fall back to the source tree's `embedded-api/media` under the working directory.
 */
function embeddedMediaDir(defaultDir: string): string {
  const sourceTreeDir = path.resolve("embedded-api", "media");
  return existsSync(defaultDir) || !existsSync(sourceTreeDir) ? defaultDir : sourceTreeDir;
}

/** For graceful shutdown and tests. */
export async function closeEmbeddedApi(): Promise<void> {
  const pending = embeddedApi;
  embeddedApi = undefined;
  if (pending) (await pending.catch(() => null))?.close();
}

export const embeddedTransport: Transport = async (request, options) => (await getEmbeddedApi()).handle(request, options);

/** The JSON value an in-process answer carries instead of a body (asked for with `jsonValue`); null otherwise. */
export function inProcessJsonValue(response: Response): { value: unknown } | null {
  return readJsonValue?.(response) ?? null;
}

const transportNumbers = new WeakMap<Transport, number>();
let nextTransportNumber = 1;

/**
 * An upstream as part of a cache key: its address and the transport that reaches it. What a process caches belongs
 * to the upstream that answered, and two upstreams may share an address (the embedded API in process and a stand-in
 * started by a test), never a transport.
 */
export function upstreamKey(upstream: UpstreamTarget): string {
  let number = transportNumbers.get(upstream.transport);
  if (number === undefined) {
    number = nextTransportNumber++;
    transportNumbers.set(upstream.transport, number);
  }
  return `${number}|${upstream.baseUrl}`;
}

/** Over the network: redirects come back unfollowed (the caller refuses them), the body capped (decision 0248). */
export const networkTransport: Transport = (request, options) =>
  fetchUpstream(request, { maxBytes: options?.maxBodyBytes ?? getEnv().upstreamMaxAnswerBytes });

/** Accepts `https://host` as well as `https://host/api/v1` for UPSTREAM_URL. */
export function apiBaseUrl(upstreamUrl: string): string {
  const trimmed = upstreamUrl.replace(/\/+$/, "");
  return /\/api\/v1$/.test(trimmed) ? trimmed : `${trimmed}/api/v1`;
}

export function isEmbeddedUpstream(): boolean {
  return !getEnv().UPSTREAM_URL;
}

/**
 * In embedded mode the API is addressed at our own public origin, so the links it builds (the ones it mails too)
 * point back at us: SITE_URL when set, never a Host header naming another port or host (decision 0250).
 */
export function resolveUpstream(request: Request): UpstreamTarget {
  const { upstreamUrls, SITE_URL } = getEnv();
  if (upstreamUrls.length > 0) return networkUpstream(upstreamUrls);
  return { baseUrl: `${publicOriginOf(request, SITE_URL)}/api/v1`, transport: embeddedTransport, embedded: true };
}

/** The API over the network at these hosts (in order of preference), sharing the process's breakers. */
export function networkUpstream(upstreamUrls: readonly string[]): UpstreamTarget {
  const hosts = hostPoolFor(upstreamUrls.map(apiBaseUrl));
  return { baseUrl: hosts.hosts[0]!.url, transport: networkTransport, embedded: false, hosts };
}

/** Where a link for the browser should point now: the first API host that is up (without touching its breaker). */
export function preferredBaseUrl(upstream: UpstreamTarget): string {
  return upstream.hosts?.pick({ tried: [], mayProbe: false }).url ?? upstream.baseUrl;
}
