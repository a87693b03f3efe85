// GET /healthz, for the container's HEALTHCHECK and for test runners: the app answers, and so does its upstream.
import { checkMediaHosts, checkUpstreamHealth } from "./api/health";
import { clusterHealth } from "./cluster-health.server";

/** 200 when the upstream (one of its hosts, with mirrors) answers, 503 (still JSON) when it does not. */
export async function healthLoader({ request }: { request: Request }): Promise<Response> {
  const [upstream, mediaHosts] = await Promise.all([checkUpstreamHealth(request), checkMediaHosts()]);
  return Response.json(
    { status: upstream.ok ? "ok" : "degraded", upstream, media: { hosts: mediaHosts }, cluster: clusterHealth() },
    { status: upstream.ok ? 200 : 503, headers: { "Cache-Control": "no-store" } },
  );
}
