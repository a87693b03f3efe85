// A file larger than the server reads for any form (its body limit, decision 0101) is refused on the form itself, in
// the form's own words, as a file over the form's own cap is: with JavaScript (the page's data request) and without
// (the page posted and shown again). Decision 0281.
import { expect, test } from "@playwright/test";
import { signedInAt, useOwnClientAddress } from "./auth-helpers";

const FILE_FIELD = "Файл экспорта или список аниме (до 1 МБ)";
const TOO_LARGE = "Файл слишком большой: можно загрузить до 1 МБ.";

test.describe.configure({ timeout: 60_000 });

test("a 10 MB list file is refused on the data page's form with its own message", async ({ page }) => {
  await useOwnClientAddress(page);
  await signedInAt(page, "/me/data");
  await page.getByLabel(FILE_FIELD).setInputFiles({
    name: "animelist.xml",
    mimeType: "application/xml",
    buffer: Buffer.alloc(10 * 1024 * 1024, " "),
  });
  await page.getByRole("button", { name: "Загрузить", exact: true }).click();

  await expect(page.getByText(TOO_LARGE)).toBeVisible();
  await expect(page).toHaveURL(/\/me\/data$/);
  await expect(page.getByRole("heading", { name: "Импорт", exact: true })).toBeVisible();
  await expect(page.getByLabel(FILE_FIELD)).toBeVisible();
  await expect(page.getByText("Unable to decode")).toHaveCount(0);
  await expect(page.getByText("Слишком большой запрос.")).toHaveCount(0);
});

test("a 10 MB avatar is refused beside the avatar field of the account settings", async ({ page }) => {
  await useOwnClientAddress(page);
  await signedInAt(page, "/app/settings/account");
  await page
    .getByLabel("Файл изображения")
    .setInputFiles({ name: "photo.png", mimeType: "image/png", buffer: Buffer.alloc(10 * 1024 * 1024, 1) });
  await page.getByRole("button", { name: "Загрузить", exact: true }).click();

  const field = page.getByLabel("Файл изображения");
  await expect(field).toHaveAccessibleDescription("Файл слишком большой: аватар может весить не больше 2 МБ.");
  await expect(page).toHaveURL(/\/app\/settings\/account$/);
  await expect(page.getByText("Unable to decode")).toHaveCount(0);
});
