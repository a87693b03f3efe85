// Every public page audited by axe once, at a phone and a desktop width: the hydrated page, and the markup the
// server sends (page scripts blocked) wherever it is not the same page. The specs that check a page's content and
// behaviour no longer audit it on the way; journeys still audit the states only they reach (signed in, a menu open, a
// vote cast) (decisions 0267, 0272).
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

// Up to five pages at two widths each, with and without JavaScript, on a shared two-core machine.
test.describe.configure({ timeout: 180_000 });

const demo = (request: APIRequestContext) => demoApiOf(request, test.info().project.use.baseURL ?? "");

type PageAudit = { page: string; violations: ReadableAxeViolation[] };

/**
 * Everything axe reads of a page that scripts could have changed: the markup (less the scripts and module preloads,
 * which axe skips and hydration adds), the state of form controls, which elements are rendered visible at this width,
 * and the style sheets. Two pages with the same state are one page to axe.
 */
function stateAxeReads(page: Page): Promise<string> {
  return page.evaluate(() => {
    const markup = document.documentElement.cloneNode(true) as HTMLElement;
    markup.querySelectorAll("script, link[rel=modulepreload]").forEach((element) => element.remove());
    const elements = [...document.body.querySelectorAll("*:not(script)")];
    const visible = elements.map((element) => (element.checkVisibility({ opacityProperty: true, visibilityProperty: true }) ? 1 : 0));
    const controls = [...document.querySelectorAll("input, select, textarea")].map((control) =>
      control instanceof HTMLInputElement ? `${control.value}:${control.checked}` : (control as HTMLSelectElement).value,
    );
    const styleSheets = [...document.styleSheets].map((sheet) => `${sheet.href ?? "inline"}:${sheet.cssRules.length}`);
    return JSON.stringify([markup.outerHTML, visible.join(""), controls, styleSheets, document.adoptedStyleSheets.length]);
  });
}

/**
 * Each path at each width, hydrated, then as the server sends it wherever that differs from the hydrated page (same
 * markup, controls, visible elements and style sheets: one audit covers both). Only audits that found something are
 * returned, labelled with the page, the width and whether JavaScript ran.
 */
async function auditPages(page: Page, paths: readonly string[]): Promise<PageAudit[]> {
  const scriptless = await openScriptlessAuditPage(page.context().browser()!, test.info().project.use.userAgent);
  const found: PageAudit[] = [];
  const audit = async (auditPage: Page, label: string) => {
    const violations = await axeViolations(auditPage);
    if (violations.length > 0) found.push({ page: label, violations });
  };
  try {
    for (const path of paths) {
      await page.setViewportSize(VIEWPORTS[0]);
      await page.goto(path);
      await waitForHydration(page);
      await scriptless.setViewportSize(VIEWPORTS[0]);
      await scriptless.goto(path);
      for (const viewport of VIEWPORTS) {
        await Promise.all([page.setViewportSize(viewport), scriptless.setViewportSize(viewport)]);
        const hydratedBefore = await stateAxeReads(page);
        await audit(page, `${path} at ${viewport.width} px`);
        const [hydratedAfter, served] = await Promise.all([stateAxeReads(page), stateAxeReads(scriptless)]);
        const sameForAxe = served === hydratedBefore && served === hydratedAfter;
        test.info().annotations.push({
          type: sameForAxe ? "one audit for both" : "audited without JavaScript too",
          description: `${path} at ${viewport.width} px`,
        });
        if (!sameForAxe) await audit(scriptless, `${path} at ${viewport.width} px without JavaScript`);
      }
    }
  } finally {
    await scriptless.context().close();
  }
  return found;
}

test("home, the catalogue and the error pages pass axe", { tag: "@js-only" }, async ({ page }) => {
  expect(await auditPages(page, ["/", "/anime/catalog/", "/no-such-page", "/anime/releases/release/%3Cscript%3E"])).toEqual([]);
});

test("the genres, the latest releases and the franchises pass axe", { tag: "@js-only" }, async ({ page, request }) => {
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

test("the torrents, the schedule and the videos pass axe", { tag: "@js-only" }, async ({ page, request }) => {
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

test("the team, the rules, support and the HTML sitemap pass axe", { tag: "@js-only" }, async ({ page }) => {
  expect(await auditPages(page, ["/teams", "/rules", "/support", "/app/sitemap"])).toEqual([]);
});

test("the release page and its episode views pass axe", { tag: "@js-only" }, async ({ page, request }) => {
  const release = await richRelease(demo(request));
  expect(await auditPages(page, [releaseUrl(release), releaseUrl(release, "?sort=desc&view=previews")])).toEqual([]);
});

test("the release page's other tabs pass axe", { tag: "@js-only" }, async ({ page, request }) => {
  const release = await richRelease(demo(request));
  expect(
    await auditPages(page, [releaseUrl(release, "/torrents"), releaseUrl(release, "/members"), releaseUrl(release, "/franchises")]),
  ).toEqual([]);
});

test(
  "an announcement, and the age question on an adult release and its episode, pass axe",
  { tag: "@js-only" },
  async ({ page, request }) => {
    const announced = await announcedReleaseWithoutEpisodes(demo(request));
    if (!announced) throw new Error("The demo data has no announced release without episodes");
    const adult = await findRelease(
      demo(request),
      "adult release",
      (release) => release.age_rating.is_adult && !release.is_blocked_by_copyrights,
    );
    const adultEpisode = (await findPlayableRelease(demo(request), { adult: true })).episodes[0]!;
    expect(
      await auditPages(page, [releaseUrl(announced), releaseUrl(adult, "/members"), `/anime/video/episode/${adultEpisode.id}`]),
    ).toEqual([]);
  },
);
