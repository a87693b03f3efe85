// Bringing an anime list from MyAnimeList: the preview (matches, a guess, the unmatched) before anything is saved,
// a guess unticked, the rest confirmed; and the site's collections downloaded as a MyAnimeList file, with JavaScript.
// Without it the same forms are request-level checks (tests/pages/lists.test.ts, decision 0268), and the data page's
// audit is lists.spec.ts's.
import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";
import { expectToast, signedInAt, useOwnClientAddress } from "./auth-helpers";
import { malExport } from "../support/mal-export";

type ApiRelease = {
  id: number;
  alias: string;
  name: { main: string; english: string | null };
  mal: { id: number } | null;
  shikimori: unknown;
};

test.describe.configure({ timeout: 120_000 });

async function catalogue(page: Page): Promise<ApiRelease[]> {
  const answer = (await (await page.request.get("/api/v1/anime/catalog/releases?limit=50")).json()) as { data: ApiRelease[] };
  return answer.data;
}

async function episodeCount(page: Page, alias: string): Promise<number> {
  const release = (await (await page.request.get(`/api/v1/anime/releases/${alias}`)).json()) as { episodes: unknown[] };
  return release.episodes.length;
}

test(
  "bring a MyAnimeList list: see it first, untick a guess, add the rest; download the site's list",
  { tag: "@js-only" },
  async ({ page }) => {
    await useOwnClientAddress(page);
    await signedInAt(page, "/me/data");

    const releases = await catalogue(page);
    const withMal: ApiRelease[] = [];
    for (const release of releases.filter((candidate) => candidate.mal)) {
      if ((await episodeCount(page, release.alias)) >= 2) withMal.push(release);
      if (withMal.length === 2) break;
    }
    const [watched, planned] = withMal as [ApiRelease, ApiRelease];
    const guessed = releases.find((release) => !release.mal && !release.shikimori && release.name.english) as ApiRelease;
    expect(guessed).toBeTruthy();

    const file = malExport([
      { id: watched.mal?.id ?? 0, title: "Romaji one", status: "Completed", watched: 2 },
      { id: planned.mal?.id ?? 0, title: "Romaji two", status: "Plan to Watch", watched: 0 },
      { id: 999_999, title: guessed.name.english ?? "", status: "Watching", watched: 1 },
      { id: 999_998, title: "Zzyqx Vorpal", status: "Dropped", watched: 0 },
    ]);
    await page.getByLabel("Файл экспорта или список аниме (до 1 МБ)").setInputFiles({
      name: "animelist.xml",
      mimeType: "application/xml",
      buffer: Buffer.from(file),
    });
    await page.getByRole("button", { name: "Загрузить", exact: true }).click();

    const preview = page.getByTestId("list-import-preview");
    await expect(preview.getByRole("heading", { name: "Проверьте список перед загрузкой" })).toBeVisible();
    await expect(preview).toContainText("найдено по номеру — 2, догадки по названию — 1, не найдено — 1");
    await expect(preview.getByText("догадка", { exact: true })).toBeVisible();
    await expect(preview.getByText("Zzyqx Vorpal")).toBeAttached();
    const guesses = preview.getByRole("group", { name: /Догадки по названию/ });
    await expect(guesses).toContainText(guessed.name.main);
    await expectNoAxeViolations(page);
    // Nothing is saved before the confirmation: the site's own MyAnimeList file is still empty.
    expect(await (await page.request.get("/me/data.xml")).text()).not.toContain("<anime>");
    await preview
      .getByRole("group", { name: /Догадки по названию/ })
      .getByRole("checkbox")
      .uncheck();
    await preview.getByRole("button", { name: "Добавить отмеченное" }).click();
    await expectToast(page, "Список загружен: в коллекции добавлено 2 релиза, просмотренными отмечено 2 серии");

    await page.goto("/me/collections/?type=WATCHED");
    await expect(page.getByRole("list", { name: "Коллекции", exact: true })).toContainText(watched.name.main);
    await page.goto("/me/collections/?type=PLANNED");
    await expect(page.getByRole("list", { name: "Коллекции", exact: true })).toContainText(planned.name.main);
    await page.goto("/me/collections/?type=WATCHING");
    await expect(page.getByText(guessed.name.main)).toHaveCount(0);

    const download = await page.request.get("/me/data.xml");
    expect(download.status()).toBe(200);
    expect(download.headers()["content-disposition"]).toMatch(/^attachment; filename="animelist-\d{4}-\d{2}-\d{2}\.xml"$/);
    const xml = await download.text();
    expect(xml).toContain(`<series_animedb_id>${watched.mal?.id}</series_animedb_id>`);
    expect(xml).toMatch(
      new RegExp(
        `<series_animedb_id>${watched.mal?.id}</series_animedb_id>[\\s\\S]*?<my_watched_episodes>2</my_watched_episodes>[\\s\\S]*?<my_status>Completed</my_status>`,
      ),
    );
    expect(xml).toMatch(
      new RegExp(`<series_animedb_id>${planned.mal?.id}</series_animedb_id>[\\s\\S]*?<my_status>Plan to Watch</my_status>`),
    );
  },
);
