// Every request this server sends to another host goes through here (decision 0248): no redirect is ever
// followed by itself, the answer's body is cut off the moment it passes a byte cap, and the caller's deadline
// holds for the body as well as the headers. Addresses a third party names (an ad network's wrappers and
// redirects) are fetched only over https and only from public addresses, checked after DNS resolution, and the
// connection goes to the very address that was checked.
import { promises as dns, type LookupAddress } from "node:dns";
import http, { type IncomingMessage } from "node:http";
import https from "node:https";
import { BlockList, isIP, type LookupFunction } from "node:net";
import { Readable } from "node:stream";

export type OutboundFailureKind = "too-large" | "refused-scheme" | "refused-address" | "too-many-redirects" | "bad-redirect";

/** An answer we will not take: not a network failure, so trying again or elsewhere does not help. */
export class OutboundRefusedError extends Error {
  override readonly name = "OutboundRefusedError";
  constructor(
    readonly kind: OutboundFailureKind,
    message: string,
  ) {
    super(message);
  }
}

const ANSWER_CUT_OFF = "AnswerCutOffError";

/**
 * Our own answer's body could not be finished because the upstream's stopped: already logged (at warn) where it
 * happened; the server only aborts the connection. Recognised by name, since the server and the app are bundled apart.
 */
export class AnswerCutOffError extends Error {
  override readonly name = ANSWER_CUT_OFF;
}

export function isAnswerCutOff(error: unknown): boolean {
  return error instanceof Error && error.name === ANSWER_CUT_OFF;
}

/** 3xx except 304 (Not Modified is an answer, not a redirect). */
export function isRedirectStatus(status: number): boolean {
  return status >= 300 && status < 400 && status !== 304;
}

function tooLarge(maxBytes: number): OutboundRefusedError {
  return new OutboundRefusedError("too-large", `the answer is larger than ${maxBytes} bytes`);
}

/**
 * The same answer, its body cut off with `OutboundRefusedError("too-large")` as soon as more than `maxBytes`
 * arrive (the rest is never read: the source is cancelled). A declared `Content-Length` over the cap is refused
 * before any of the body is read.
 */
export async function withBodyCap(response: Response, maxBytes: number): Promise<Response> {
  // No body (a HEAD, a 204): its Content-Length describes a body that is not coming.
  if (!response.body) return response;
  const declared = Number(response.headers.get("content-length") ?? "");
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body.cancel().catch(() => undefined);
    throw tooLarge(maxBytes);
  }
  const reader = response.body.getReader();
  let received = 0;
  const capped = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) {
        controller.close();
        return;
      }
      received += value.byteLength;
      if (received > maxBytes) {
        await reader.cancel().catch(() => undefined);
        controller.error(tooLarge(maxBytes));
        return;
      }
      controller.enqueue(value);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
  const answer = new Response(capped, { status: response.status, statusText: response.statusText, headers: response.headers });
  // `Response.url` is read-only on a constructed answer; keep the one the network gave for relative links.
  Object.defineProperty(answer, "url", { value: response.url });
  return answer;
}

export type OutboundOptions = { maxBytes: number };

/**
 * An upstream the operator configured (the API, its mirrors, the media hosts): any address, but a redirect comes
 * back as the 3xx answer it is, for the caller to refuse, and the body is capped. The deadline is the request's
 * signal (it also aborts the body while it streams).
 */
export async function fetchUpstream(request: Request, options: OutboundOptions): Promise<Response> {
  const response = await fetch(request, { redirect: "manual" });
  return withBodyCap(response, options.maxBytes);
}

/** Where a hop may go: which schemes, and which resolved addresses. */
export type HopPolicy = {
  protocols: ReadonlySet<string>;
  addressAllowed: (address: string, family: number) => boolean;
  description: string;
};

function blockListOf(family: "ipv4" | "ipv6", subnets: readonly (readonly [string, number])[]): BlockList {
  const list = new BlockList();
  for (const [network, prefix] of subnets) list.addSubnet(network, prefix, family);
  return list;
}

/**
 * Loopback, private, link-local, unspecified, shared, documentation, multicast and reserved ranges. One list per
 * family: a BlockList matches an IPv4 address against IPv6 rules too (as its mapped form), which would refuse all.
 */
const INTERNAL_IPV4 = blockListOf("ipv4", [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
]);
const INTERNAL_IPV6 = blockListOf("ipv6", [
  // Unspecified, loopback, and the IPv4-compatible, -mapped and -translated forms (which would reach any IPv4 host).
  ["::", 96],
  ["::ffff:0:0", 96],
  ["64:ff9b::", 96],
  ["64:ff9b:1::", 48],
  ["100::", 64],
  ["2001::", 23],
  ["2001:db8::", 32],
  ["2002::", 16],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
]);

export function isPublicAddress(address: string, family: number = isIP(address)): boolean {
  if (family === 4) return !INTERNAL_IPV4.check(address, "ipv4");
  if (family === 6) return !INTERNAL_IPV6.check(address, "ipv6");
  return false;
}

/** What an ad network names: https on a public address only. */
export const PUBLIC_HTTPS_HOPS: HopPolicy = {
  protocols: new Set(["https:"]),
  addressAllowed: isPublicAddress,
  description: "https on a public address",
};

/** What the operator configured (their own VAST tag): trusted as written, like UPSTREAM_URL. */
export const OPERATOR_CONFIGURED_HOP: HopPolicy = {
  protocols: new Set(["http:", "https:"]),
  addressAllowed: () => true,
  description: "as configured",
};

/**
 * Unit tests only: their stand-in ad servers are plain http on 127.0.0.1. Refused in a production process, so
 * no configuration can turn it on where it matters; nothing outside tests calls it.
 */
export function loopbackHopsForTests(): HopPolicy {
  if (process.env.NODE_ENV === "production") throw new Error("loopback hops are for unit tests only");
  return {
    protocols: new Set(["http:", "https:"]),
    addressAllowed: () => true,
    description: "any address (unit tests)",
  };
}

function refusedAddress(host: string, address: string, policy: HopPolicy): OutboundRefusedError {
  return new OutboundRefusedError("refused-address", `${host} resolves to ${address}, not ${policy.description}`);
}

/**
 * The socket's own name lookup: every address the name resolves to must pass, and the connection is made to
 * those same addresses, so a second, different DNS answer (rebinding) never reaches the socket.
 */
function checkedLookup(policy: HopPolicy): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { all: true, family: options.family ?? 0 }).then(
      (addresses: LookupAddress[]) => {
        const refused = addresses.find((entry) => !policy.addressAllowed(entry.address, entry.family));
        const first = addresses[0];
        if (refused || !first) {
          callback(refused ? refusedAddress(hostname, refused.address, policy) : new Error(`${hostname}: no address`), "", 0);
        } else if (options.all) {
          (callback as unknown as (error: null, addresses: LookupAddress[]) => void)(null, addresses);
        } else {
          callback(null, first.address, first.family);
        }
      },
      (error: NodeJS.ErrnoException) => callback(error, "", 0),
    );
  };
}

function headersOf(message: IncomingMessage): Headers {
  const headers = new Headers();
  const raw = message.rawHeaders;
  for (let index = 0; index + 1 < raw.length; index += 2) headers.append(raw[index] as string, raw[index + 1] as string);
  return headers;
}

/** Connections that stay open between requests to one host, all made under one policy (`keptConnections`). */
export type KeptConnections = { policy: HopPolicy; http: http.Agent; https: https.Agent };

/**
 * Connections kept open for the next request to the same host, for a sender that posts many messages to one service
 * in a row (the push sender, decision 0284): no new TCP and TLS handshake, nor DNS lookup, per message. Each was made
 * through `policy`'s checked lookup, and the pool serves that policy alone, so a kept one leads to an address it
 * allowed. An idle one is closed after `idleMs`, before a server's own idle timeout could close it under a request.
 */
export function keptConnections(policy: HopPolicy, { idleMs, idlePerHost }: { idleMs: number; idlePerHost: number }): KeptConnections {
  const options = { keepAlive: true, timeout: idleMs, maxFreeSockets: idlePerHost };
  return { policy, http: new http.Agent(options), https: new https.Agent(options) };
}

type HopRequest = {
  headers: Record<string, string>;
  signal: AbortSignal;
  maxBytes: number;
  policy: HopPolicy;
  method?: "GET" | "POST";
  body?: Uint8Array;
  /** Made under `policy`; without it every request has a connection of its own. */
  connections?: KeptConnections;
};

/**
 * One request to one address the policy allows (a GET, or a POST with `body`: a push message, decision 0284); the
 * answer whatever its status (a redirect is not followed).
 */
export async function fetchHop(
  url: URL,
  { headers, signal, maxBytes, policy, method = "GET", body: sent, connections }: HopRequest,
): Promise<Response> {
  if (connections && connections.policy !== policy) throw new Error("kept connections serve the policy they were made under");
  if (!policy.protocols.has(url.protocol)) {
    throw new OutboundRefusedError("refused-scheme", `${url.protocol} is not ${policy.description}`);
  }
  // A literal address never goes through the lookup: checked here instead.
  const literal = url.hostname.replace(/^\[(.*)\]$/, "$1");
  if (isIP(literal) && !policy.addressAllowed(literal, isIP(literal))) throw refusedAddress(url.hostname, literal, policy);
  const secure = url.protocol === "https:";
  const client = secure ? https : http;
  const agent = connections ? (secure ? connections.https : connections.http) : false;
  const response = await new Promise<Response>((resolve, reject) => {
    const outgoing = client.request(url, { method, headers, signal, lookup: checkedLookup(policy), agent }, (incoming) => {
      const status = incoming.statusCode ?? 502;
      const body = status === 204 || status === 304 ? null : (Readable.toWeb(incoming) as ReadableStream<Uint8Array>);
      if (!body) incoming.resume();
      resolve(new Response(body, { status, headers: headersOf(incoming) }));
    });
    outgoing.on("error", reject);
    outgoing.end(sent);
  });
  return withBodyCap(response, maxBytes);
}

export type CheckedHopsOptions = {
  headers?: Record<string, string>;
  signal: AbortSignal;
  maxBytes: number;
  /** The first address's policy (the operator's own tag is trusted as configured). */
  firstHop: HopPolicy;
  /** Every redirect's target. */
  nextHops: HopPolicy;
  maxRedirects: number;
};

/** GET `url`, following at most `maxRedirects` redirects by hand, each target checked against `nextHops`. */
export async function fetchWithCheckedHops(url: string, options: CheckedHopsOptions): Promise<Response> {
  let target = new URL(url);
  let policy = options.firstHop;
  for (let redirects = 0; ; redirects += 1) {
    const response = await fetchHop(target, { headers: options.headers ?? {}, signal: options.signal, maxBytes: options.maxBytes, policy });
    if (!isRedirectStatus(response.status)) return response;
    await response.body?.cancel().catch(() => undefined);
    const location = response.headers.get("location");
    if (!location || !URL.canParse(location, target))
      throw new OutboundRefusedError("bad-redirect", `${response.status} without a usable Location`);
    if (redirects >= options.maxRedirects)
      throw new OutboundRefusedError("too-many-redirects", `more than ${options.maxRedirects} redirects`);
    target = new URL(location, target);
    policy = options.nextHops;
  }
}
