// Auto-next and «Вы ещё смотрите?» on the settings page without JavaScript (decision 0285): a plain form kept in a
// cookie, which the player then follows.
import { expect, test } from "@playwright/test";
import { createSignedInAccount, expectToast, useOwnClientAddress } from "./auth-helpers";
import { expectPlayingPast, findPlayableRelease, withoutPreRoll } from "./player-helpers";

test("the settings page changes auto-next and «Вы ещё смотрите?» without JavaScript", { tag: "@no-js-only" }, async ({ page }) => {
  await useOwnClientAddress(page);
  await createSignedInAccount(page);
  await page.goto("/app/settings/site");
  const form = page.locator("form", { has: page.locator('input[value="player-care"]') });
  await expect(form.getByRole("checkbox", { name: "Спрашивать «Вы ещё смотрите?»" })).toBeChecked();
  await form.getByRole("checkbox", { name: "Спрашивать «Вы ещё смотрите?»" }).uncheck();
  await form.getByRole("combobox", { name: "Спрашивать через столько серий подряд" }).selectOption("2");
  await form.getByRole("button", { name: "Сохранить" }).click();
  await expectToast(page, "Настройки серий подряд сохранены");

  const cookie = (await page.context().cookies()).find((entry) => entry.name === "player_care");
  expect(JSON.parse(decodeURIComponent(cookie!.value))).toMatchObject({
    autoNext: true,
    stillWatchingCheck: false,
    stillWatchingEpisodes: 2,
    stillWatchingMinutes: 90,
  });
  await page.reload();
  await expect(form.getByRole("checkbox", { name: "Спрашивать «Вы ещё смотрите?»" })).not.toBeChecked();
  await expect(form.getByRole("combobox", { name: "Спрашивать через столько серий подряд" })).toHaveValue("2");
});

test("the player follows what the settings page saved without JavaScript", { tag: "@js-only" }, async ({ page, context, request }) => {
  const release = await findPlayableRelease(request);
  await withoutPreRoll(context);
  const care = { autoNext: true, stillWatchingCheck: false, stillWatchingEpisodes: 2, stillWatchingMinutes: 60, savedAt: Date.now() };
  // Set in the page, as the form's answer would have left it: the player reads it there.
  await context.addInitScript((value) => (document.cookie = `player_care=${value}; path=/`), encodeURIComponent(JSON.stringify(care)));
  await page.goto(`/anime/video/episode/${release.episodes[0]!.id}`);
  await expectPlayingPast(page, 0.5);
  await page.getByRole("button", { name: "Настройки плеера" }).click();
  await expect(page.getByRole("checkbox", { name: "Спрашивать «Вы ещё смотрите?»" })).not.toBeChecked();
  await expect(page.getByRole("combobox", { name: "Спрашивать через столько серий подряд" })).toHaveValue("2");
  // A change in the player is newer: it wins, and the cookie follows it for the form.
  await page.getByRole("checkbox", { name: "Спрашивать «Вы ещё смотрите?»" }).check();
  const saved = (await context.cookies()).find((entry) => entry.name === "player_care");
  expect(JSON.parse(decodeURIComponent(saved!.value))).toMatchObject({ stillWatchingCheck: true, stillWatchingEpisodes: 2 });
});
