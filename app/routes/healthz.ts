// Health for the container's HEALTHCHECK and for test runners: the app answers, and so does its upstream.
// Under the production cluster it also says how many workers listen (one busy worker answers for all).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { checkUpstreamHealth } from "~/.server/api/health";
import { clusterHealth } from "~/.server/cluster-health.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const upstream = await checkUpstreamHealth(request);
  return Response.json(
    { status: upstream.ok ? "ok" : "degraded", upstream, cluster: clusterHealth() },
    { status: upstream.ok ? 200 : 503, headers: { "Cache-Control": "no-store" } },
  );
}
