// The bell on a title without JavaScript, at the request level (decision 0284): a visitor's bell kept by this browser,
// an account's bell on every device it signs in on, «Мои подписки» turning one off, quiet hours, and hostile input
// to the bell and to the push-subscription address — each refused with a clear 4xx.
import { createECDH, randomBytes } from "node:crypto";
import { within } from "@testing-library/dom";
import { describe, expect, test } from "vitest";
import { findPlayableRelease, type DemoRelease } from "../support/demo-releases";
import { ACCOUNT_CHECK_TIMEOUT, formOf, noScriptToasts, NoScriptBrowser, signedInAccount, signIn } from "./support/form-posts";
import { demoApi, type LoadedPage } from "./support/page";

const bellMenu = (page: LoadedPage) => page.document.querySelector("[data-episode-bell]") as HTMLElement;
const shownMode = (page: LoadedPage) => bellMenu(page).querySelector("summary span")?.textContent;

async function playable(): Promise<DemoRelease> {
  return findPlayableRelease(demoApi());
}

async function ringBell(browser: NoScriptBrowser, release: DemoRelease, mode: RegExp) {
  const page = await browser.load(`/anime/releases/release/${release.alias}`);
  const form = within(bellMenu(page)).getByRole("button", { name: mode }).closest("form") as HTMLFormElement;
  return browser.submit(page, form, {}, { submitter: within(form).getByRole("button", { name: mode }) });
}

function device(host = "fcm.googleapis.com") {
  const curve = createECDH("prime256v1");
  curve.generateKeys();
  return {
    endpoint: `https://${host}/fcm/send/${randomBytes(16).toString("base64url")}`,
    p256dh: curve.getPublicKey("base64url"),
    auth: randomBytes(16).toString("base64url"),
  };
}

describe("the bell without JavaScript", { timeout: ACCOUNT_CHECK_TIMEOUT }, () => {
  test("a visitor rings it on the release page, sees it in «Мои подписки» and turns it off there", async () => {
    const release = await playable();
    const visitor = new NoScriptBrowser();
    const first = await visitor.load(`/anime/releases/release/${release.alias}`);
    expect(shownMode(first)).toBe("Выключено");
    // Following the lists needs an account: a visitor gets a way to sign in instead of the button.
    expect(
      within(bellMenu(first))
        .getByRole("link", { name: /Только в избранном\/списках/ })
        .getAttribute("href"),
    ).toMatch(/^\/app\/auth\/login/);

    // The page is asked for again, so the page cache keeps a shared copy of it for this address and browser.
    for (let load = 0; load < 3; load += 1) await visitor.load(`/anime/releases/release/${release.alias}`);
    const rung = await ringBell(visitor, release, /^Все новые серии/);
    expect(rung.status).toBe(303);
    expect(rung.page.path).toBe(`/anime/releases/release/${release.alias}`);
    expect(noScriptToasts(rung.page)).toContain("Сообщим о каждой новой серии");
    expect(shownMode(rung.page)).toBe("Все новые серии");
    expect(
      within(bellMenu(rung.page))
        .getByRole("button", { name: /^Все новые серии/ })
        .getAttribute("aria-pressed"),
    ).toBe("true");
    // Its pages are its own from now on: the copy the page cache kept of the page before the bell is not served to it.
    expect(shownMode(await visitor.load(`/anime/releases/release/${release.alias}`))).toBe("Все новые серии");
    // The player shows the same bell.
    const player = await visitor.load(`/anime/video/episode/${release.episodes[0]!.id}`);
    expect(shownMode(player)).toBe("Все новые серии");
    // Another browser is another visitor.
    expect(shownMode(await new NoScriptBrowser().load(`/anime/releases/release/${release.alias}`))).toBe("Выключено");

    const subscriptions = await visitor.load("/me/subscriptions/");
    const row = subscriptions.document.querySelector(`[data-subscription="${release.id}"]`) as HTMLElement;
    within(row).getByRole("link", { name: release.title });
    const off = await visitor.submit(subscriptions, formOf(subscriptions, /Отписаться/));
    expect(off.page.path).toBe("/me/subscriptions/");
    expect(noScriptToasts(off.page)).toContain("Уведомления о новых сериях выключены");
    expect(off.page.document.querySelector("[data-subscriptions-empty]")).not.toBeNull();
  });

  test("an account's bell follows it to another device, and quiet hours are saved", async () => {
    const release = await playable();
    const phone = new NoScriptBrowser();
    const account = await signedInAccount(phone);
    const rung = await ringBell(phone, release, /^Только в избранном\/списках/);
    expect(noScriptToasts(rung.page)).toContain("пока тайтл в избранном или списках");

    const laptop = new NoScriptBrowser();
    await signIn(laptop, account.login, account.password);
    expect(shownMode(await laptop.load(`/anime/releases/release/${release.alias}`))).toBe("Только в избранном/списках");
    const subscriptions = await laptop.load("/me/subscriptions/");
    expect(subscriptions.document.querySelector(`[data-subscription="${release.id}"]`)?.textContent).toContain(
      "Только в избранном/списках",
    );

    const quiet = formOf(subscriptions, "Сохранить");
    const saved = await laptop.submit(subscriptions, quiet, { quietFrom: "23:00", quietTo: "08:00", timeZone: "Asia/Yekaterinburg" });
    expect(noScriptToasts(saved.page)).toContain("Тихие часы сохранены");
    expect((saved.page.document.querySelector('input[name="quietFrom"]') as HTMLInputElement).defaultValue).toBe("23:00");
    expect((saved.page.document.querySelector('input[name="timeZone"]') as HTMLInputElement).defaultValue).toBe("Asia/Yekaterinburg");
    const badZone = await laptop.post("/me/subscriptions/?index", { quietFrom: "23:00", quietTo: "08:00", timeZone: "Mars/Olympus" });
    expect(badZone.status).toBe(400);
  });
});

describe("hostile input to the bell", () => {
  test("bad fields, a missing title, a visitor's lists and a plain GET are clear 4xx", async () => {
    const release = await playable();
    const browser = new NoScriptBrowser();
    expect((await browser.post("/notifications/bell", { releaseId: String(release.id), mode: "loud" })).status).toBe(400);
    expect((await browser.post("/notifications/bell", { releaseId: "1 OR 1=1", mode: "all" })).status).toBe(400);
    expect((await browser.post("/notifications/bell", { releaseId: "999999999", mode: "all" })).status).toBe(404);
    expect((await browser.post("/notifications/bell", { releaseId: String(release.id), mode: "lists" })).status).toBe(400);
    expect((await browser.send("/notifications/bell")).status).toBe(404);
    const foreign = await fetch(new URL("/notifications/bell", browser.origin), {
      method: "POST",
      body: new URLSearchParams({ releaseId: String(release.id), mode: "all" }),
      headers: { Origin: "https://evil.example", "X-Forwarded-For": browser.address },
      redirect: "manual",
    });
    expect(foreign.status).toBe(403);
  });

  test("a flood of toggles from one address is told 429", async () => {
    const release = await playable();
    const browser = new NoScriptBrowser();
    const statuses: number[] = [];
    for (let index = 0; index < 40; index += 1) {
      const mode = index % 2 === 0 ? "all" : "off";
      statuses.push((await browser.post("/notifications/bell", { releaseId: String(release.id), mode })).status);
    }
    expect(statuses.slice(0, 30).every((status) => status === 303)).toBe(true);
    expect(statuses.slice(30).every((status) => status === 429)).toBe(true);
  });
});

describe("hostile input to the push subscription", () => {
  const subscribe = (browser: NoScriptBrowser, fields: Record<string, string>) => browser.post("/notifications/push-subscription", fields);

  test("a forged, private, plain-http or oversized subscription is refused; a real one is kept", async () => {
    const browser = new NoScriptBrowser();
    const good = device();
    const refused = [
      { ...good, endpoint: "http://fcm.googleapis.com/fcm/send/abc" },
      { ...good, endpoint: "https://127.0.0.1/push" },
      { ...good, endpoint: "https://192.168.1.10/push" },
      { ...good, endpoint: "https://[::1]/push" },
      { ...good, endpoint: "https://localhost/push" },
      { ...good, endpoint: `https://fcm.googleapis.com/${"x".repeat(5000)}` },
      { ...good, p256dh: Buffer.concat([Buffer.from([4]), randomBytes(64)]).toString("base64url") },
      { ...good, auth: "short" },
    ];
    for (const fields of refused) expect((await subscribe(browser, fields)).status, fields.endpoint.slice(0, 60)).toBe(400);
    const kept = await subscribe(browser, { ...good, timeZone: "Europe/Moscow" });
    expect(kept.status).toBe(201);
    expect(await kept.json()).toEqual({ ok: true, message: "Уведомления включены на этом устройстве" });
  });

  test("one browser's devices are bounded: past ten, 409; many from one address are told 429", async () => {
    const browser = new NoScriptBrowser();
    const statuses: number[] = [];
    for (let index = 0; index < 11; index += 1) statuses.push((await subscribe(browser, device())).status);
    expect(statuses.slice(0, 10).every((status) => status === 201)).toBe(true);
    expect(statuses[10]).toBe(409);
  });
});
