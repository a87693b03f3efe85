// «Смотреть вместе» (issue 40, decision 0262) against hostile input: an unknown room, a huge message, a flood, a
// stranger. Members staying in step is watch-together-sync.spec.ts, which runs on a machine it has to itself.
import { expect, test } from "@playwright/test";
import { findPlayableRelease } from "./player-helpers";
import { member, startRoom } from "./watch-together-helpers";

test(
  "watch together refuses hostile input: an unknown room, a huge message, a flood, a stranger",
  { tag: "@js-only" },
  async ({ browser, baseURL, request }) => {
    test.setTimeout(90_000);
    const release = await findPlayableRelease(request);
    const { context, page } = await member(browser, baseURL);
    expect((await page.request.get("/watch-together/AAAAAAAAAAAAAAAAAAAAAA/events")).status()).toBe(404);
    expect((await page.request.get("/watch-together/not-a-room")).status()).toBe(404);
    const invitation = await startRoom(page, `/anime/video/episode/${release.episodes[0]!.id}`, "Аня");
    const commands = `${new URL(invitation).pathname}/commands`;
    const origin = new URL(invitation).origin;
    const post = (form: Record<string, string>) => page.request.post(commands, { form, headers: { Origin: origin } });
    expect((await post({ type: "chat", text: "ж".repeat(501) })).status()).toBe(400);
    expect((await post({ type: "chat", text: "a".repeat(40_000) })).status()).toBe(413);
    const statuses: number[] = [];
    for (let index = 0; index < 8; index += 1) statuses.push((await post({ type: "chat", text: `сообщение ${index}` })).status());
    expect(statuses).toContain(429);
    expect(
      (await page.request.post(commands, { form: { type: "pause", position: "1" }, headers: { Origin: "https://evil.example" } })).status(),
    ).toBe(403);
    const stranger = await member(browser, baseURL);
    expect(
      (await stranger.page.request.post(commands, { form: { type: "pause", position: "1" }, headers: { Origin: origin } })).status(),
    ).toBe(403);
    expect((await stranger.page.request.get(`${new URL(invitation).pathname}/events`)).status()).toBe(403);
    await Promise.all([context.close(), stranger.context.close()]);
  },
);
