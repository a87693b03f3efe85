// The home page poll (docs/decisions/0155-home-polls.md): visitors see it with a sign-in link; a signed-in user
// votes (a plain form without JavaScript, a fetcher with it), sees the results and cannot vote twice.
import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";
import { collectLayoutViolations } from "../support/layout";
import { createSignedInAccount, expectToast, useOwnClientAddress } from "./auth-helpers";
import { waitForHydration } from "./hydration";

const QUESTION = "Как вы чаще всего смотрите аниме?";
const CHOICE = "С русскими субтитрами";
const OTHER_CHOICE = "В русской озвучке";

test.describe.configure({ timeout: 90_000 });

const jsEnabled = () => test.info().project.use.javaScriptEnabled !== false;
const pollRegion = (page: Page) => page.getByRole("region", { name: "Опрос" });
const POLL_SECTION = 'section[aria-labelledby="home-poll"]';

/** The block at phone widths passes the layout checks of tests/e2e/layout.spec.ts; a screenshot is kept with the output. */
async function expectPollFitsPhones(page: Page, state: string): Promise<void> {
  const section = page.locator(POLL_SECTION);
  for (const width of [360, 390]) {
    await page.setViewportSize({ width, height: 844 });
    await section.scrollIntoViewIfNeeded();
    await expect.poll(() => collectLayoutViolations(page, { within: POLL_SECTION })).toEqual([]);
  }
  await section.screenshot({ path: test.info().outputPath(`poll-${state}-390.png`) });
}

test("visitors see the poll, without results, and a link to sign in that comes back", async ({ page }) => {
  await page.goto("/");
  const poll = pollRegion(page);
  const options = poll.getByRole("group", { name: QUESTION });
  await expect(options.getByRole("radio")).toHaveCount(4);
  await expect(options.getByRole("radio", { name: CHOICE })).toBeDisabled();
  await expect(poll.getByRole("button", { name: "Проголосовать" })).toHaveCount(0);
  await expect(poll.getByRole("meter")).toHaveCount(0);
  const signIn = poll.getByRole("link", { name: "Войдите, чтобы проголосовать" });
  await expect(signIn).toHaveAttribute("href", "/app/auth/login?redirectTo=%2F");
  // The visitor's home is audited by page-audits.spec.ts.
  await expectPollFitsPhones(page, "visitor");
  await signIn.click();
  await expect(page).toHaveURL(/\/app\/auth\/login\?redirectTo=%2F$/);
});

test("a signed-in user votes once, sees the results and cannot vote again", async ({ page }) => {
  await useOwnClientAddress(page);
  await createSignedInAccount(page, "/app/auth/login?redirectTo=%2F");
  await expect(page).toHaveURL(/\/$/);
  const poll = pollRegion(page);
  const pollId = await poll.locator('input[name="pollId"]').inputValue();
  await expect(poll.getByRole("link", { name: "Войдите, чтобы проголосовать" })).toHaveCount(0);
  await expectPollFitsPhones(page, "form");

  // Without a choice the browser keeps the form (the radios are required).
  await poll.getByRole("button", { name: "Проголосовать" }).click();
  await expect(poll.getByRole("group", { name: QUESTION })).toBeVisible();

  if (jsEnabled()) {
    await waitForHydration(page);
    await page.evaluate(() => Object.assign(window, { pollPageMarker: true }));
  }
  await poll.getByRole("radio", { name: CHOICE }).check();
  await poll.getByRole("button", { name: "Проголосовать" }).click();
  await expectToast(page, "Спасибо, ваш голос учтён.");

  const results = poll.getByRole("list", { name: "Результаты" });
  await expect(results).toBeVisible();
  await expect(poll.getByRole("radio")).toHaveCount(0);
  await expect(results.getByRole("listitem").filter({ hasText: CHOICE })).toContainText("ваш выбор");
  const chosenMeter = results.getByRole("meter", { name: CHOICE });
  await expect(chosenMeter).toHaveAttribute("aria-valuenow", /^[1-9]\d*$/);
  await expect(chosenMeter).toHaveAttribute("aria-valuetext", /^\d+% \(\d+ голос(а|ов)?\)$/);
  await expect(poll.getByText(/^Всего: \d+ голос(а|ов)?$/)).toBeVisible();
  if (jsEnabled()) {
    // The fetcher answered in place: same document, same address.
    expect(await page.evaluate(() => (window as unknown as { pollPageMarker?: boolean }).pollPageMarker)).toBe(true);
    await expect(page).toHaveURL(/\/$/);
  } else {
    await expect(page).toHaveURL(/\/#home-poll$/);
  }
  await expectNoAxeViolations(page);
  await expectPollFitsPhones(page, "results");

  // A second vote (an old copy of the form sent again) is refused with a message, and changes nothing.
  const origin = new URL(page.url()).origin;
  const again = await page.request.post("/polls/vote", { form: { pollId, optionId: "1" }, headers: { Origin: origin }, maxRedirects: 0 });
  expect(again.status()).toBe(303);
  expect(again.headers()["location"]).toBe("/#home-poll");
  await page.goto("/");
  await expectToast(page, "Вы уже проголосовали в этом опросе.");
  await expect(pollRegion(page).getByRole("list", { name: "Результаты" }).getByRole("listitem").filter({ hasText: CHOICE })).toContainText(
    "ваш выбор",
  );
  await expect(
    pollRegion(page).getByRole("list", { name: "Результаты" }).getByRole("listitem").filter({ hasText: OTHER_CHOICE }),
  ).not.toContainText("ваш выбор");
});
