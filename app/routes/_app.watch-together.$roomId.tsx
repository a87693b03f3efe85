// /watch-together/{roomId}: the invitation to a «Смотреть вместе» room (logic in ~/features/watch-together).
import type { MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { pageMeta } from "~/shared/seo/page-meta";
import { JoinRoomPage } from "~/features/watch-together/join-room-page";
import { joinAction, joinPageLoader } from "~/features/watch-together/room-http.server";
import { watchTogetherStrings } from "~/features/watch-together/strings";

export const loader = joinPageLoader;
export const action = joinAction;

export const meta: MetaFunction = (args) => pageMeta(args, { title: watchTogetherStrings.joinTitle, noindex: true });

export default function WatchTogetherRoute() {
  const failure = useActionData<typeof action>();
  return <JoinRoomPage page={useLoaderData<typeof loader>()} error={failure && "error" in failure ? failure.error : null} />;
}
