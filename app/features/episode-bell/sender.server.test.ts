import { describe, expect, it } from "vitest";
import type { ApiCalls } from "~/.server/api/handle";
import { setBell } from "~/.server/notifications/bells.server";
import { claimDueDeliveries, recordEpisodes } from "~/.server/notifications/deliveries.server";
import { openNotificationsDb } from "~/.server/notifications/notifications-db.server";
import { addSubscription } from "~/.server/notifications/push-subscriptions.server";
import { sqliteNotificationStore } from "~/.server/notifications/sqlite-store.server";
import { EMPTY_IMAGE } from "~/domain/image";
import type { Release } from "~/domain/release";
import { episodesOf, payloadOf, watchForEpisodes } from "./sender.server";

const store = sqliteNotificationStore(openNotificationsDb(":memory:"));

type Shown = Pick<Release, "id" | "alias" | "name" | "poster" | "episodes">;

function releaseWith(id: number, ordinals: number[]): Shown {
  return {
    id,
    alias: `title-${id}`,
    name: { main: `Тайтл ${id}`, english: null, alternative: null },
    poster: EMPTY_IMAGE,
    episodes: ordinals.map((ordinal) => ({ id: `${id}-${ordinal}`, ordinal }) as Release["episodes"][number]),
  };
}

/** The upstream as the watcher sees it: the latest releases' ids, and those releases with their episodes. */
function upstreamOf(releases: Shown[]) {
  const asked: number[][] = [];
  const api = {
    releases: {
      latestCards: async () => releases.map(({ id }) => ({ id })),
      byIds: async ({ ids }: { ids: number[] }) => {
        asked.push(ids);
        return { items: releases.filter((release) => ids.includes(release.id)) };
      },
    },
  } as unknown as ApiCalls;
  return { api, asked };
}

describe("the watcher", () => {
  it("asks only for the latest releases someone rings for, and queues their episodes out since it last looked", async () => {
    const owner = { kind: "account", accountId: 7 } as const;
    await setBell({ owner, release: { id: 1, alias: "title-1", title: "Тайтл 1" }, mode: "all", inLists: false }, Date.now(), store);
    await addSubscription(owner, { endpoint: "https://push.example.com/a", p256dh: "p", auth: "a" }, "198.51.100.7", Date.now(), store);
    await recordEpisodes(episodesOf(releaseWith(1, [1, 2])), Date.now(), store);

    const { api, asked } = upstreamOf([releaseWith(1, [1, 2, 3]), releaseWith(2, [1, 2, 3])]);
    expect(await watchForEpisodes(api, Date.now(), store)).toBe(1);
    expect(asked).toEqual([[1]]);
    const [due] = await claimDueDeliveries(10, Date.now(), store);
    expect(payloadOf(due!.episode)).toMatchObject({ title: "Вышла 3 серия — Тайтл 1", url: "/anime/video/episode/1-3", releaseId: 1 });
    expect(await watchForEpisodes(api, Date.now(), store)).toBe(0);
  });
});
