import { describe, expect, it, vi } from "vitest";
import { answerNotificationClick, notificationOptionsOf, parseEpisodePush, UNSUBSCRIBE_ACTION } from "./worker-push";

const push = {
  title: "Вышла 3 серия — Весенний лес",
  body: "",
  icon: "/storage/poster.webp",
  url: "/anime/video/episode/e-3",
  releaseId: 42,
  episodeId: "e-3",
  tag: "episode:e-3",
};

describe("a push message in the service worker", () => {
  it("is shown only when it is ours: a path on this site, a release id", () => {
    expect(parseEpisodePush(JSON.stringify(push))).toEqual(push);
    expect(parseEpisodePush("not json")).toBeNull();
    expect(parseEpisodePush(JSON.stringify({ ...push, url: "https://evil.example/" }))).toBeNull();
    expect(parseEpisodePush(JSON.stringify({ ...push, url: "//evil.example/" }))).toBeNull();
    expect(parseEpisodePush(JSON.stringify({ ...push, releaseId: "42" }))).toBeNull();
    expect(parseEpisodePush(JSON.stringify({ ...push, title: "x".repeat(301) }))).toBeNull();
    expect(parseEpisodePush(JSON.stringify({ ...push, icon: "javascript:alert(1)" }))?.icon).toBeNull();
    expect(notificationOptionsOf(push).actions).toEqual([{ action: UNSUBSCRIBE_ACTION, title: "Отписаться от тайтла" }]);
  });
});

function clickOn(action: string) {
  const close = vi.fn();
  const event = { action, notification: { close, data: { url: push.url, releaseId: push.releaseId } } } as unknown as NotificationEvent;
  const openWindow = vi.fn(async () => null);
  const scope = {
    location: { origin: "https://anilibria.example" },
    clients: { matchAll: async () => [], openWindow },
  } as unknown as ServiceWorkerGlobalScope;
  return { event, scope, openWindow, close };
}

describe("a tap on the notification", () => {
  it("opens the player at the episode", async () => {
    const { event, scope, openWindow, close } = clickOn("");
    await answerNotificationClick(scope, event);
    expect(close).toHaveBeenCalled();
    expect(openWindow).toHaveBeenCalledWith("https://anilibria.example/anime/video/episode/e-3");
  });

  it("«Отписаться от тайтла» turns the title's bell off and opens nothing", async () => {
    const sent: { url: string; body: URLSearchParams }[] = [];
    vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
      sent.push({ url, body: init.body as URLSearchParams });
      return new Response(null, { status: 200 });
    });
    const { event, scope, openWindow } = clickOn(UNSUBSCRIBE_ACTION);
    await answerNotificationClick(scope, event);
    vi.unstubAllGlobals();
    expect(openWindow).not.toHaveBeenCalled();
    expect(sent.map(({ url, body }) => [url, Object.fromEntries(body.entries())])).toEqual([
      ["/notifications/bell", { releaseId: "42", mode: "off", via: "fetcher" }],
    ]);
  });
});
