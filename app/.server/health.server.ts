// GET /healthz, for the container's HEALTHCHECK and for test runners: the app answers, and so does its upstream.
// Anyone gets the status; the details (upstream and media addresses, their last errors, the cluster) only a
// caller on this machine or one that presents HEALTHZ_TOKEN (decision 0250).
import { timingSafeEqual } from "node:crypto";
import { isIP } from "node:net";
import { checkMediaHosts, checkUpstreamHealth } from "./api/health";
import { clusterHealth } from "./cluster-health.server";
import { getEnv } from "./env.server";
import { clientAddress } from "./security/rate-limit.server";

/** Loopback as Node reports a socket's peer: IPv4, IPv6, or IPv4 mapped into IPv6. */
function isLoopbackAddress(address: string): boolean {
  const unmapped = address.toLowerCase().replace(/^::ffff:/, "");
  if (isIP(unmapped) === 4) return unmapped.startsWith("127.");
  return unmapped === "::1";
}

function presentsToken(request: Request, token: string | undefined): boolean {
  if (!token) return false;
  const presented = /^Bearer\s+(\S+)$/i.exec(request.headers.get("authorization")?.trim() ?? "")?.[1];
  if (!presented) return false;
  const given = Buffer.from(presented);
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Who may read the details: the address the server believes (TRUST_PROXY) is loopback, or the token matches. */
export function mayReadHealthDetails(request: Request, loadContext: unknown, token = getEnv().HEALTHZ_TOKEN): boolean {
  return isLoopbackAddress(clientAddress(loadContext)) || presentsToken(request, token);
}

/** 200 when the upstream (one of its hosts, with mirrors) answers, 503 (still JSON) when it does not. */
export async function healthLoader({ request, context }: { request: Request; context?: unknown }): Promise<Response> {
  const [upstream, mediaHosts] = await Promise.all([checkUpstreamHealth(request), checkMediaHosts()]);
  const status = upstream.ok ? "ok" : "degraded";
  const body = mayReadHealthDetails(request, context)
    ? { status, upstream, media: { hosts: mediaHosts }, cluster: clusterHealth() }
    : { status };
  return Response.json(body, { status: upstream.ok ? 200 : 503, headers: { "Cache-Control": "no-store" } });
}
