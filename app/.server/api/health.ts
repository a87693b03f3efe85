// Is the upstream answering? A cheap, cached-upstream-side reference call with the optional-data budget.
import { apiContext } from "./context";
import { isUpstreamError } from "./errors";
import { sendUpstream } from "./request";
import type { UpstreamTarget } from "./transport";

export type UpstreamHealth = { ok: boolean; status: number | null; latencyMs: number; embedded: boolean };

export async function checkUpstreamHealth(request: Request, upstream?: UpstreamTarget): Promise<UpstreamHealth> {
  const context = apiContext(request, { timeout: "optional", token: null, upstream });
  const started = performance.now();
  try {
    const { response } = await sendUpstream(context, { path: "/anime/catalog/references/types" });
    await response.body?.cancel().catch(() => undefined);
    return {
      ok: response.ok,
      status: response.status,
      latencyMs: Math.round(performance.now() - started),
      embedded: context.upstream.embedded,
    };
  } catch (error) {
    if (!isUpstreamError(error)) throw error;
    return { ok: false, status: null, latencyMs: Math.round(performance.now() - started), embedded: context.upstream.embedded };
  }
}
