// Every list past its end, at the request level: one rule for all of them, the catalogue's (decision 0282). A page
// past the last answers the spec's 404 instead of a count over «nothing here»; a list shown whole has one page.
import { within } from "@testing-library/dom";
import { describe, expect, test } from "vitest";
import { ACCOUNT_CHECK_TIMEOUT, NoScriptBrowser, signedInAccount } from "./support/form-posts";
import { hrefOf, loadPage, request, textOf, visitors, type LoadedPage, type Visitor } from "./support/page";

function expectNotFound(page: LoadedPage): void {
  expect(page.status, page.path).toBe(404);
  expect(textOf(page.screen.getByRole("heading", { level: 1 }))).toBe("404");
}

/** The address of the first entry a section's index lists (a genre, a franchise). */
async function firstListed(indexPath: string, listName: string, role: "link" | "article", visitor: Visitor): Promise<string> {
  const index = await loadPage(indexPath, visitor);
  const first = within(index.screen.getByRole("list", { name: listName })).getAllByRole(role)[0];
  const link = first?.matches("a") ? first : first?.querySelector("a");
  if (!link) throw new Error(`${indexPath} lists nothing`);
  return hrefOf(link);
}

describe.each(visitors("crawler", "withoutJavaScript", "overHttp"))("public lists past their end for %s", (_, visitor) => {
  test("a paged list answers its last page and 404 past it", async () => {
    const genre = await firstListed("/anime/genres/", "Жанры", "link", visitor);
    for (const path of [`${genre}?page=999`, "/anime/torrents/?page=999", "/anime/releases/latest/?page=999", "/anime/catalog/?page=999"]) {
      expectNotFound(await loadPage(path, visitor));
    }
    expect((await loadPage(`${genre}?page=1`, visitor)).status).toBe(200);
  });

  test("a list shown whole has one page: the second is past its end", async () => {
    const franchise = await firstListed("/anime/franchises/", "Франшизы", "article", visitor);
    for (const path of ["/anime/genres/", "/anime/franchises/", franchise, "/media/videos/latest/"]) {
      expect((await request(`${path}?page=1`, visitor)).status, path).toBe(200);
      expect((await request(`${path}?page=abc`, visitor)).status, path).toBe(200);
      expectNotFound(await loadPage(`${path}?page=2`, visitor));
    }
  });
});

describe("personal lists past their end", { timeout: ACCOUNT_CHECK_TIMEOUT }, () => {
  test("favorites, collections and new episodes answer 404 past their end, not a count over «nothing here»", async () => {
    const browser = new NoScriptBrowser();
    await signedInAccount(browser);
    const catalogue = (await (await request("/api/v1/anime/catalog/releases?limit=1")).json()) as { data: { id: number }[] };
    const releaseId = catalogue.data[0]?.id;
    await browser.postToApi("/accounts/users/me/favorites", [{ release_id: releaseId }]);
    await browser.postToApi("/accounts/users/me/collections", [{ release_id: releaseId, type_of_collection: "WATCHING" }]);

    const favorites = await browser.load("/me/favorites/");
    favorites.screen.getByText("Найдено: 1 релиз");
    for (const path of ["/me/favorites/?page=999", "/me/favorites/?from=1&page=2", "/me/collections/?type=WATCHING&page=999"]) {
      const page = await browser.load(path);
      expectNotFound(page);
      expect(page.screen.queryByRole("heading", { name: "Здесь пока ничего нет" })).toBeNull();
    }
    expect((await browser.load("/me/collections/?type=WATCHING")).status).toBe(200);
    expect((await browser.load("/me/new-episodes/")).status).toBe(200);
    expectNotFound(await browser.load("/me/new-episodes/?page=2"));
  });
});
