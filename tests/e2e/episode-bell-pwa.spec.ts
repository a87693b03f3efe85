// The service worker's part of the bell (decision 0284): a push message, delivered through DevTools as a push service
// would, becomes «Вышла N серия — <title>» with the poster, the player's address and «Отписаться от тайтла»; a
// message that is not ours shows nothing.
import { expect, test, type Page } from "@playwright/test";
import { chromiumLaunchOptions, CHROMIUM_PATH } from "../support/browser";

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

test("a push message shows the new episode with its poster and a way to unsubscribe @js-only", async ({ page, context }) => {
  await page.goto("/");
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

  const deliver = (data: string) => cdp.send("ServiceWorker.deliverPushMessage", { origin, registrationId, data });
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
