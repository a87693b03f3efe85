// Health for the container's HEALTHCHECK and for test runners: the app answers, and so does its upstream.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { checkUpstreamHealth } from "~/.server/api/health";

export async function loader({ request }: LoaderFunctionArgs) {
  const upstream = await checkUpstreamHealth(request);
  return Response.json(
    { status: upstream.ok ? "ok" : "degraded", upstream },
    { status: upstream.ok ? 200 : 503, headers: { "Cache-Control": "no-store" } },
  );
}
