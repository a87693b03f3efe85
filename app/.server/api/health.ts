// Is the upstream answering? A cheap, cached-upstream-side reference call with the optional-data budget; with
// mirrors, each API host is asked and each media host knocked on, and each one's breaker hears the answer.
import { getEnv } from "../env.server";
import { fetchUpstream } from "../outbound-fetch.server";
import { apiContext, OPTIONAL_DATA_TIMEOUT_MS } from "./context";
import { isUpstreamError } from "./errors";
import { sendUpstream } from "./request";
import { resolveUpstream, type UpstreamTarget } from "./transport";
import { hostPoolFor, type HostBreaker, type HostReport } from "./upstream-hosts";

type Check = { ok: boolean; status: number | null; latencyMs: number };
export type HostHealth = HostReport & Check;
export type UpstreamHealth = Check & { embedded: boolean; hosts?: HostHealth[] };

async function checkTarget(request: Request, upstream: UpstreamTarget | undefined): Promise<Check & { embedded: boolean }> {
  const context = apiContext(request, { timeout: "optional", token: null, upstream });
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

/** One mirror asked directly, whatever its breaker says; the answer counts as that host's probe. */
async function checkHost(request: Request, upstream: UpstreamTarget, host: HostBreaker): Promise<HostHealth> {
  const check = await checkTarget(request, { baseUrl: host.url, transport: upstream.transport, embedded: false });
  host.record(check.status === null ? { kind: "failed", reason: "no answer" } : { kind: "answered", status: check.status });
  return { ...host.report(), ...check };
}

export async function checkUpstreamHealth(request: Request, upstream = resolveUpstream(request)): Promise<UpstreamHealth> {
  if (!upstream.hosts) return checkTarget(request, upstream);
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
      const started = performance.now();
      let status: number | null = null;
      try {
        const response = await fetchUpstream(
          new Request(`${host.url}/`, { method: "HEAD", signal: AbortSignal.timeout(OPTIONAL_DATA_TIMEOUT_MS) }),
          {
            maxBytes: MEDIA_KNOCK_MAX_BYTES,
          },
        );
        await response.body?.cancel().catch(() => undefined);
        status = response.status;
        host.record({ kind: "answered", status });
      } catch (error) {
        const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
        host.record({ kind: "failed", reason: cause instanceof Error ? cause.message || cause.name : "no answer" });
      }
      return { ...host.report(), ok: status !== null && status < 500, status, latencyMs: Math.round(performance.now() - started) };
    }),
  );
}
