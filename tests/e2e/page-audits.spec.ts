// Every public page audited by axe once, at a phone and a desktop width: in the no-js project the markup the server
// sends (page scripts blocked), in the js project the hydrated page. The specs that check a page's content and
// behaviour no longer audit it on the way; journeys still audit the states only they reach (signed in, a menu
// open, a vote cast) (decision 0267).
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { axeViolations, openScriptlessAuditPage, type ReadableAxeViolation } from "../support/axe";
import {
  announcedReleaseWithoutEpisodes,
  demoApiOf,
  findPlayableRelease,
  findRelease,
  listOf,
  releaseUrl,
  richRelease,
} from "../support/demo-releases";
import { waitForHydration } from "./hydration";

/** A phone and a desktop: what is shown (the header's menus, the catalogue's filters, a sheet or a side column) differs. */
const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

// Up to five pages at two widths each, on a shared two-core machine.
test.describe.configure({ timeout: 180_000 });

const demo = (request: APIRequestContext) => demoApiOf(request, test.info().project.use.baseURL ?? "");
const jsEnabled = () => test.info().project.use.javaScriptEnabled !== false;

type PageAudit = { page: string; violations: ReadableAxeViolation[] };

/** Each path at each width, labelled; only the audits that found something are returned. */
async function auditPages(page: Page, paths: readonly string[]): Promise<PageAudit[]> {
  const auditPage = jsEnabled() ? page : await openScriptlessAuditPage(page.context().browser()!, test.info().project.use.userAgent);
  const found: PageAudit[] = [];
  try {
    for (const path of paths) {
      await auditPage.setViewportSize(VIEWPORTS[0]);
      await auditPage.goto(path);
      if (jsEnabled()) await waitForHydration(auditPage);
      for (const viewport of VIEWPORTS) {
        await auditPage.setViewportSize(viewport);
        const violations = await axeViolations(auditPage);
        if (violations.length > 0) found.push({ page: `${path} at ${viewport.width} px`, violations });
      }
    }
  } finally {
    if (auditPage !== page) await auditPage.context().close();
  }
  return found;
}

test("home, the catalogue and the error pages pass axe", async ({ page }) => {
  expect(await auditPages(page, ["/", "/anime/catalog/", "/no-such-page", "/anime/releases/release/%3Cscript%3E"])).toEqual([]);
});

test("the genres, the latest releases and the franchises pass axe", async ({ page, request }) => {
  const genres = await listOf<{ id: number }>(demo(request), "/api/v1/anime/catalog/references/genres");
  const franchises = await listOf<{ id: string }>(demo(request), "/api/v1/anime/franchises");
  if (!genres[0] || !franchises[0]) throw new Error("the demo data has no genre or no franchise");
  expect(
    await auditPages(page, [
      "/anime/genres/",
      `/anime/genres/releasesOfGenre/${genres[0].id}`,
      "/anime/releases/latest/",
      "/anime/franchises/",
      `/anime/franchises/${franchises[0].id}`,
    ]),
  ).toEqual([]);
});

test("the torrents, the schedule and the videos pass axe", async ({ page, request }) => {
  type WeekEntry = { release: { name: { main: string } } };
  const week = await listOf<WeekEntry>(demo(request), "/api/v1/anime/schedule/week");
  const word = week[0]?.release.name.main.split(/[\s:]+/)[0]?.toLowerCase();
  if (!word) throw new Error("the demo schedule is empty");
  expect(
    await auditPages(page, [
      "/anime/torrents/",
      "/anime/schedule",
      `/anime/schedule?view=posters&q=${encodeURIComponent(word)}`,
      "/media/videos/latest/",
    ]),
  ).toEqual([]);
});

test("the team, the rules, support and the HTML sitemap pass axe", async ({ page }) => {
  expect(await auditPages(page, ["/teams", "/rules", "/support", "/app/sitemap"])).toEqual([]);
});

test("the release page and its episode views pass axe", async ({ page, request }) => {
  const release = await richRelease(demo(request));
  expect(await auditPages(page, [releaseUrl(release), releaseUrl(release, "?sort=desc&view=previews")])).toEqual([]);
});

test("the release page's other tabs pass axe", async ({ page, request }) => {
  const release = await richRelease(demo(request));
  expect(
    await auditPages(page, [releaseUrl(release, "/torrents"), releaseUrl(release, "/members"), releaseUrl(release, "/franchises")]),
  ).toEqual([]);
});

test("an announcement, and the age question on an adult release and its episode, pass axe", async ({ page, request }) => {
  const announced = await announcedReleaseWithoutEpisodes(demo(request));
  if (!announced) throw new Error("The demo data has no announced release without episodes");
  const adult = await findRelease(
    demo(request),
    "adult release",
    (release) => release.age_rating.is_adult && !release.is_blocked_by_copyrights,
  );
  const adultEpisode = (await findPlayableRelease(demo(request), { adult: true })).episodes[0]!;
  expect(await auditPages(page, [releaseUrl(announced), releaseUrl(adult, "/members"), `/anime/video/episode/${adultEpisode.id}`])).toEqual(
    [],
  );
});
