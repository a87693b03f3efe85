// The latest videos page.
import { requestApi, type RequestArgs } from "~/.server/api/handle";
import { withRouteErrors } from "~/.server/route-errors.server";

const VIDEOS_LIMIT = 50;

export function loadVideosPage(args: RequestArgs) {
  return withRouteErrors(args.request, async () => ({ videos: await requestApi(args).media.videos(VIDEOS_LIMIT) }));
}
