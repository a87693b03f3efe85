// Optional page blocks: a failure hides the block (and is logged) instead of failing the page.
import { UpstreamUnauthorizedError } from "./api/errors";
import { logWarn } from "./log.server";

export async function optionalData<Value>(what: string, load: () => Promise<Value>): Promise<Value | null> {
  try {
    return await load();
  } catch (error) {
    if (!(error instanceof UpstreamUnauthorizedError)) logWarn(`optional data unavailable: ${what}`, { error });
    return null;
  }
}
