// The latest videos page.
import type { RequestArgs } from "~/.server/load-context.server";
import { withRouteErrors } from "~/.server/route-errors.server";
import { assertSinglePageList } from "~/shared/paging/page-exists.server";

const VIDEOS_LIMIT = 50;

export function loadVideosPage(args: RequestArgs) {
  assertSinglePageList(args.request);
  return withRouteErrors(args.request, async () => ({ videos: await args.context.api.media.videos(VIDEOS_LIMIT) }));
}
