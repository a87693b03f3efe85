// /watch-together/{roomId}: the invitation to a «Смотреть вместе» room (logic in ~/features/watch-together).
import type { MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { noStoreHeaders } from "~/.server/http-cache.server";
import { pageMeta } from "~/shared/seo/page-meta";
import { JoinRoomPage } from "~/features/watch-together/join-room-page";
import { joinAction, joinPageLoader } from "~/features/watch-together/room-http.server";
import { watchTogetherStrings } from "~/features/watch-together/strings";

export const loader = joinPageLoader;
export const action = joinAction;
// The invitation names the room and how many are in it, and a member is sent on by a cookie: never stored, by
// anyone (the loader says so; a page passes on only what its `headers` give).
export const headers = noStoreHeaders;

export const meta: MetaFunction = (args) => pageMeta(args, { title: watchTogetherStrings.joinTitle, noindex: true });

export default function WatchTogetherRoute() {
  const failure = useActionData<typeof action>();
  return <JoinRoomPage page={useLoaderData<typeof loader>()} error={failure && "error" in failure ? failure.error : null} />;
}
