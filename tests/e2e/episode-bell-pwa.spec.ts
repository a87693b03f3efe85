// The service worker's part of the bell (decision 0284): a push message, delivered through DevTools as a push service
// would, becomes «Вышла N серия — <title>» with the poster, the player's address and «Отписаться от тайтла»; a
// message that is not ours shows nothing; the notification's «Отписаться от тайтла» turns the title's bell off.
import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { chromiumLaunchOptions, CHROMIUM_PATH } from "../support/browser";
import { findPlayableRelease } from "./player-helpers";

// The headless shell refuses notifications whatever is granted; the full browser, as a person runs it, shows them.
test.use({ launchOptions: chromiumLaunchOptions(CHROMIUM_PATH) });

type Shown = { title: string; icon: string; data: unknown; actions: { action: string; title: string }[] };

async function registrationIdOf(page: Page, send: (method: string, params?: object) => Promise<unknown>, events: { id: string | null }) {
  await send("ServiceWorker.enable");
  await expect.poll(() => events.id, { message: "the worker's registration" }).not.toBeNull();
  return events.id!;
}

const shownNotifications = (page: Page) =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map((shown) => ({
      title: shown.title,
      icon: shown.icon,
      data: shown.data as unknown,
      actions: ((shown as unknown as { actions?: { action: string; title: string }[] }).actions ?? []).map(({ action, title }) => ({
        action,
        title,
      })),
    })) as Shown[];
  });

/** The page's service worker, with notifications allowed, and a way to hand it a push message as a push service would. */
async function pushChannel(page: Page, context: BrowserContext) {
  const origin = new URL(page.url()).origin;
  await context.grantPermissions(["notifications"], { origin });
  await page.evaluate(() => navigator.serviceWorker.ready);
  const cdp = await context.newCDPSession(page);
  const events: { id: string | null } = { id: null };
  cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
    const ours = registrations.find((registration) => registration.scopeURL === `${origin}/` && !registration.isDeleted);
    if (ours) events.id = ours.registrationId;
  });
  const registrationId = await registrationIdOf(page, (method, params) => cdp.send(method as "ServiceWorker.enable", params), events);
  return { origin, deliver: (data: string) => cdp.send("ServiceWorker.deliverPushMessage", { origin, registrationId, data }) };
}

test("a push message shows the new episode with its poster and a way to unsubscribe @js-only", async ({ page, context }) => {
  await page.goto("/");
  const { origin, deliver } = await pushChannel(page, context);
  await deliver("not json at all");
  await deliver(JSON.stringify({ title: "x", body: "", icon: null, url: "https://evil.example/", releaseId: 1, episodeId: "e", tag: "t" }));
  await deliver(
    JSON.stringify({
      title: "Вышла 3 серия — Весенний лес",
      body: "",
      icon: "/storage/poster.webp",
      url: "/anime/video/episode/e-3",
      releaseId: 42,
      episodeId: "e-3",
      tag: "episode:e-3",
    }),
  );
  await expect.poll(async () => (await shownNotifications(page)).length).toBe(1);
  const [shown] = await shownNotifications(page);
  expect(shown).toEqual({
    title: "Вышла 3 серия — Весенний лес",
    icon: `${origin}/storage/poster.webp`,
    data: { url: "/anime/video/episode/e-3", releaseId: 42 },
    actions: [{ action: "unsubscribe", title: "Отписаться от тайтла" }],
  });
});

test("«Отписаться от тайтла» on a notification turns the title's bell off @js-only", async ({ page, context, request }) => {
  const release = await findPlayableRelease(request);
  const releasePath = `/anime/releases/release/${release.alias}`;
  await page.goto(releasePath);
  const { origin, deliver } = await pushChannel(page, context);
  // This browser's bell on the title, through its form (the request shares the browser's cookies).
  const rung = await page.request.post("/notifications/bell", {
    form: { releaseId: String(release.id), mode: "all", redirectTo: releasePath },
    headers: { Origin: origin },
    maxRedirects: 0,
  });
  expect(rung.status()).toBe(303);
  await page.reload();
  await expect(page.locator("[data-episode-bell] summary")).toContainText("Все новые серии");

  const episodeId = release.episodes[1]!.id;
  await deliver(
    JSON.stringify({
      title: `Вышла 2 серия — ${release.title}`,
      body: "",
      icon: null,
      url: `/anime/video/episode/${episodeId}`,
      releaseId: release.id,
      episodeId,
      tag: `episode:${episodeId}`,
    }),
  );
  await expect.poll(async () => (await shownNotifications(page)).length).toBe(1);
  // Headless Chromium offers no way to click a notification's button (DevTools has none either): the worker is given
  // the click the browser would give it, with the notification it showed and the button's action.
  const [worker] = context.serviceWorkers();
  await worker!.evaluate(async () => {
    const scope = globalThis as unknown as {
      registration: ServiceWorkerRegistration;
      NotificationEvent: new (type: string, init: { notification: Notification; action: string }) => Event;
      dispatchEvent(event: Event): boolean;
    };
    const [shown] = await scope.registration.getNotifications();
    scope.dispatchEvent(new scope.NotificationEvent("notificationclick", { notification: shown!, action: "unsubscribe" }));
  });
  await expect.poll(async () => (await shownNotifications(page)).length).toBe(0);
  await expect
    .poll(async () => {
      await page.reload();
      return page.locator("[data-episode-bell] summary").textContent();
    })
    .toContain("Выключено");
});
