// Is the upstream answering? A cheap, cached-upstream-side reference call with the optional-data budget; with
// mirrors, each API host is asked and each media host knocked on, and each one's breaker hears the answer.
// A probe is the server's own work, never the caller's: a client that hangs up does not cut it short (its abort
// would read as the host failing), and callers within HEALTH_PROBE_INTERVAL_MS share one probe per host, so no
// number of /healthz requests costs the upstream more than one call per host per interval (decision 0250).
import { getEnv } from "../env.server";
import { fetchUpstream } from "../outbound-fetch.server";
import { apiContext, OPTIONAL_DATA_TIMEOUT_MS, sharedContext } from "./context";
import { isUpstreamError } from "./errors";
import { sendUpstream } from "./request";
import { resolveUpstream, type UpstreamTarget } from "./transport";
import { hostPoolFor, type HostBreaker, type HostReport } from "./upstream-hosts";

type Check = { ok: boolean; status: number | null; latencyMs: number };
export type HostHealth = HostReport & Check;
export type UpstreamHealth = Check & { embedded: boolean; hosts?: HostHealth[] };

/** The shortest time between two probes of one host, however many callers ask. */
export const HEALTH_PROBE_INTERVAL_MS = 5_000;

type SharedProbe<Result> = { startedAt: number; result: Promise<Result> };

/**
 * The latest probe of each host. Keys are the breakers of the configured hosts (a WeakMap: a pool dropped by a
 * test takes its entries with it) and, without mirrors, the one API target's address: both bounded by the
 * configuration, never by what a caller sends.
 */
const hostProbes = new WeakMap<HostBreaker, SharedProbe<Check>>();
const targetProbes = new Map<string, SharedProbe<Check & { embedded: boolean }>>();

type ProbeStore<Key, Result> = {
  get(key: Key): SharedProbe<Result> | undefined;
  set(key: Key, probe: SharedProbe<Result>): unknown;
  delete(key: Key): boolean;
};

/** The probe in flight or finished within the interval, else a new one; one that threw is not kept. */
function sharedProbe<Key, Result>(store: ProbeStore<Key, Result>, key: Key, run: () => Promise<Result>): Promise<Result> {
  const now = performance.now();
  const latest = store.get(key);
  if (latest && now - latest.startedAt < HEALTH_PROBE_INTERVAL_MS) return latest.result;
  const probe = { startedAt: now, result: run() };
  store.set(key, probe);
  probe.result.catch(() => {
    if (store.get(key) === probe) store.delete(key);
  });
  return probe.result;
}

/** For tests: the next call probes again. */
export function forgetHealthProbes(): void {
  targetProbes.clear();
}

async function checkTarget(request: Request, upstream: UpstreamTarget | undefined): Promise<Check & { embedded: boolean }> {
  // Shared work: neither the caller's abort signal nor its address or session goes with the call.
  const context = sharedContext(apiContext(request, { timeout: "optional", token: null, upstream }));
  const started = performance.now();
  const latencyMs = () => Math.round(performance.now() - started);
  try {
    const { response } = await sendUpstream(context, { path: "/anime/catalog/references/types" });
    await response.body?.cancel().catch(() => undefined);
    return { ok: response.ok, status: response.status, latencyMs: latencyMs(), embedded: context.upstream.embedded };
  } catch (error) {
    if (!isUpstreamError(error)) throw error;
    return { ok: false, status: null, latencyMs: latencyMs(), embedded: context.upstream.embedded };
  }
}

/** The one API target without mirrors: the in-process API is keyed by kind (its address is the request's own). */
function checkSingleTarget(request: Request, upstream: UpstreamTarget): Promise<Check & { embedded: boolean }> {
  const key = upstream.embedded ? "embedded" : upstream.baseUrl;
  for (const [oldKey, old] of targetProbes) if (performance.now() - old.startedAt >= HEALTH_PROBE_INTERVAL_MS) targetProbes.delete(oldKey);
  return sharedProbe(targetProbes, key, () => checkTarget(request, upstream));
}

/** One mirror asked directly, whatever its breaker says; the answer counts as that host's probe. */
async function checkHost(request: Request, upstream: UpstreamTarget, host: HostBreaker): Promise<HostHealth> {
  const check = await sharedProbe(hostProbes, host, async () => {
    const answer = await checkTarget(request, { baseUrl: host.url, transport: upstream.transport, embedded: false });
    host.record(answer.status === null ? { kind: "failed", reason: "no answer" } : { kind: "answered", status: answer.status });
    return { ok: answer.ok, status: answer.status, latencyMs: answer.latencyMs };
  });
  return { ...host.report(), ...check };
}

export async function checkUpstreamHealth(request: Request, upstream = resolveUpstream(request)): Promise<UpstreamHealth> {
  if (!upstream.hosts) return checkSingleTarget(request, upstream);
  const hosts = await Promise.all(upstream.hosts.hosts.map((host) => checkHost(request, upstream, host)));
  const answering = hosts.find((host) => host.ok);
  return {
    ok: Boolean(answering),
    status: (answering ?? hosts[0])?.status ?? null,
    latencyMs: Math.max(...hosts.map((host) => host.latencyMs)),
    embedded: false,
    hosts,
  };
}

/** A HEAD has no body; a host that sends one anyway is not read past this. */
const MEDIA_KNOCK_MAX_BYTES = 64 * 1024;

/**
 * Each media host knocked on (HEAD of its root; any answer below 500 is up). They are the browser's to reach,
 * not ours: this only tells the operator which of them answers from here. Empty on the embedded API.
 */
export async function checkMediaHosts(mediaOrigins: readonly string[] = getEnv().mediaOrigins): Promise<HostHealth[]> {
  if (mediaOrigins.length === 0) return [];
  const pool = hostPoolFor(mediaOrigins);
  return Promise.all(
    pool.hosts.map(async (host) => {
      const check = await sharedProbe(hostProbes, host, () => knockOnMediaHost(host));
      return { ...host.report(), ...check };
    }),
  );
}

async function knockOnMediaHost(host: HostBreaker): Promise<Check> {
  const started = performance.now();
  let status: number | null = null;
  try {
    const response = await fetchUpstream(
      new Request(`${host.url}/`, { method: "HEAD", signal: AbortSignal.timeout(OPTIONAL_DATA_TIMEOUT_MS) }),
      { maxBytes: MEDIA_KNOCK_MAX_BYTES },
    );
    await response.body?.cancel().catch(() => undefined);
    status = response.status;
    host.record({ kind: "answered", status });
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    host.record({ kind: "failed", reason: cause instanceof Error ? cause.message || cause.name : "no answer" });
  }
  return { ok: status !== null && status < 500, status, latencyMs: Math.round(performance.now() - started) };
}
