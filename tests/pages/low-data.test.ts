// Low-data mode at the request level (decision 0288): the Save-Data header and the switch's cookie give smaller
// posters, a player page that preloads nothing of the stream, and pages cached apart; the switch is a plain form.
// The browser keeps what runs there (tests/e2e/low-data.spec.ts).
import { within } from "@testing-library/dom";
import { describe, expect, test } from "vitest";
import { PERSON_USER_AGENT } from "../support/browser";
import { findPlayableRelease } from "../support/demo-releases";
import { ACCOUNT_CHECK_TIMEOUT, NoScriptBrowser, signedInAccount } from "./support/form-posts";
import { demoApi, loadPage, pageOf, request, type LoadedPage, type Visitor } from "./support/page";

const SAVE_DATA: Visitor = { userAgent: PERSON_USER_AGENT, headers: { "Save-Data": "on" } };
const SWITCH_ON: Visitor = { userAgent: PERSON_USER_AGENT, headers: { Cookie: "low_data=on" } };
const ORDINARY: Visitor = { userAgent: PERSON_USER_AGENT };
const LARGER_POSTER = /\/preview\.(webp|jpg)/;

/** Every address a `<picture>` on the page may load (its sources' and its image's). */
function pictureAddresses(page: LoadedPage): string {
  return [...page.document.querySelectorAll("picture source, picture img")]
    .map((element) => `${element.getAttribute("src") ?? ""} ${element.getAttribute("srcset") ?? ""}`)
    .join(" ");
}

function streamPreloads(page: LoadedPage): string[] {
  return [...page.document.querySelectorAll('link[rel="preload"][as="fetch"]')].map((link) => link.getAttribute("href") ?? "");
}

const hasEarlyStart = (page: LoadedPage) => page.html.includes("startEarlyEngine");

describe("low-data mode", () => {
  test("a page says it follows Save-Data as well as the cookies", async () => {
    const answer = await request("/", ORDINARY);
    expect(answer.headers.get("Vary")).toMatch(/\bSave-Data\b/);
  });

  test.each([
    ["the Save-Data header", SAVE_DATA],
    ["the switch's cookie", SWITCH_ON],
  ])("the home page's posters come as thumbnails only by %s", async (_by, visitor) => {
    expect(pictureAddresses(await loadPage("/", ORDINARY))).toMatch(LARGER_POSTER);
    const light = pictureAddresses(await loadPage("/", visitor));
    expect(light).toMatch(/\/thumbnail\.(webp|jpg)/);
    expect(light).not.toMatch(LARGER_POSTER);
  });

  test("the page cache keeps the page with Save-Data apart from the one without", async () => {
    // The first answers wait for the visitor's location; then each visitor's copy is served from the cache.
    const cached = async (visitor: Visitor) => {
      let answer = await request("/", visitor);
      for (let attempt = 0; attempt < 5 && answer.headers.get("X-Page-Cache") !== "hit"; attempt += 1) answer = await request("/", visitor);
      expect(answer.headers.get("X-Page-Cache")).toBe("hit");
      return pictureAddresses(await pageOf("/", answer));
    };
    expect(await cached(ORDINARY)).toMatch(LARGER_POSTER);
    expect(await cached(SAVE_DATA)).not.toMatch(LARGER_POSTER);
    expect(await cached(ORDINARY)).toMatch(LARGER_POSTER);
  });

  test.each([
    ["the Save-Data header", SAVE_DATA],
    ["the switch's cookie", SWITCH_ON],
  ])("the player page preloads nothing of the stream and starts nothing early by %s", async (_by, visitor) => {
    const release = await findPlayableRelease(demoApi());
    const path = `/anime/video/episode/${release.episodes[0]!.id}`;
    const ordinary = await loadPage(path, ORDINARY);
    expect(streamPreloads(ordinary).length).toBeGreaterThan(0);
    expect(hasEarlyStart(ordinary)).toBe(true);
    const light = await loadPage(path, visitor);
    expect(light.status).toBe(200);
    expect(streamPreloads(light)).toEqual([]);
    expect(hasEarlyStart(light)).toBe(false);
  });

  test(
    "the switch on the settings page works without JavaScript",
    async () => {
      const browser = new NoScriptBrowser();
      const { landing } = await signedInAccount(browser, `/app/auth/login?redirectTo=${encodeURIComponent("/app/settings/site")}`);
      const section = landing.page.screen.getByRole("heading", { name: "Экономия трафика" }).closest("section")!;
      const checkbox = within(section).getByRole("checkbox", { name: "Экономить трафик" });
      expect((checkbox as HTMLInputElement).checked).toBe(false);
      const saved = await browser.submit(landing.page, checkbox.closest("form")!, {}, { check: [checkbox] });
      expect(saved.status).toBe(302);
      expect(saved.page.path).toBe("/app/settings/site");
      const after = within(saved.page.screen.getByRole("heading", { name: "Экономия трафика" }).closest("section")!);
      expect((after.getByRole("checkbox", { name: "Экономить трафик" }) as HTMLInputElement).checked).toBe(true);
      expect(pictureAddresses(await browser.load("/"))).not.toMatch(LARGER_POSTER);

      const turnedOff = await browser.submit(
        saved.page,
        after.getByRole("checkbox", { name: "Экономить трафик" }).closest("form")!,
        {},
        {
          uncheck: [after.getByRole("checkbox", { name: "Экономить трафик" })],
        },
      );
      expect(turnedOff.status).toBe(302);
      expect(pictureAddresses(await browser.load("/"))).toMatch(LARGER_POSTER);
    },
    ACCOUNT_CHECK_TIMEOUT,
  );

  test("the switch refuses what it does not know with a Russian message", async () => {
    const browser = new NoScriptBrowser();
    const answer = await browser.post("/preferences/low-data", { lowData: "maybe" });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({ message: "Неизвестное значение переключателя экономии трафика." });
    expect(answer.headers.get("Set-Cookie")).toBeNull();
  });
});
