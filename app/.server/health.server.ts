// GET /healthz, for the container's HEALTHCHECK and for test runners: the app answers, and so does its upstream.
import { checkUpstreamHealth } from "./api/health";
import { clusterHealth } from "./cluster-health.server";

/** 200 when the upstream answers, 503 (still JSON) when it does not. */
export async function healthLoader({ request }: { request: Request }): Promise<Response> {
  const upstream = await checkUpstreamHealth(request);
  return Response.json(
    { status: upstream.ok ? "ok" : "degraded", upstream, cluster: clusterHealth() },
    { status: upstream.ok ? 200 : 503, headers: { "Cache-Control": "no-store" } },
  );
}
