// What Back and a reload come to without JavaScript, at the request level: after «Показать ещё» the address records
// how far the list goes (`?from=1&page=2`), and that address, loaded again, answers the same longer list with the same
// release at the same position (the no-JavaScript runs of tests/e2e/back-restores-lists.spec.ts for new releases,
// favorites and collections; decision 0268). The browser's own restoration of the place is checked there on the
// catalogue, with the same list markup.
import { within } from "@testing-library/dom";
import { describe, expect, test } from "vitest";
import { NoScriptBrowser, ownItems, signedInAccount, ACCOUNT_CHECK_TIMEOUT } from "./support/form-posts";
import { hrefOf, type LoadedPage } from "./support/page";

type ListCase = { path: string; listName: string; pageSize: number; openedIndex: number; shownAfterMore: number };

const TWO_PAGES = /\?from=1&page=2$/;

const items = (page: LoadedPage, list: ListCase) => ownItems(page.screen.getByRole("list", { name: list.listName }));
const titleHref = (page: LoadedPage, list: ListCase) => {
  const item = items(page, list)[list.openedIndex];
  if (!item) throw new Error(`${page.path}: no item ${list.openedIndex}`);
  return hrefOf(within(within(item).getAllByRole("heading")[0]!).getByRole("link"));
};

async function expectTheListComesBack(browser: NoScriptBrowser, list: ListCase): Promise<void> {
  const first = await browser.load(list.path);
  expect(items(first, list)).toHaveLength(list.pageSize);
  const longer = await browser.load(hrefOf(first.screen.getByRole("link", { name: "Показать ещё" })));
  expect(longer.path).toMatch(TWO_PAGES);
  expect(items(longer, list)).toHaveLength(list.shownAfterMore);
  const href = titleHref(longer, list);
  expect(href).toMatch(/^\/anime\/releases\/release\//);
  expect((await browser.load(href)).status).toBe(200);

  // Back without a page cache, or a reload, asks the same address again.
  const again = await browser.load(longer.path);
  expect(again.path).toBe(longer.path);
  expect(items(again, list)).toHaveLength(list.shownAfterMore);
  expect(titleHref(again, list)).toBe(href);
}

/** A signed-in account with `count` releases in its favorites or its planned collection, through the site's API proxy. */
async function signedInWithReleases(count: number, list: "favorites" | "collections"): Promise<NoScriptBrowser> {
  const browser = new NoScriptBrowser();
  await signedInAccount(browser);
  const answer = await browser.send(`/api/v1/anime/catalog/releases?limit=${count}`);
  const { data } = (await answer.json()) as { data: { id: number }[] };
  expect(data).toHaveLength(count);
  const body = data.map((release) =>
    list === "favorites" ? { release_id: release.id } : { release_id: release.id, type_of_collection: "PLANNED" },
  );
  const added = await browser.send(`/api/v1/accounts/users/me/${list}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(added.ok).toBe(true);
  return browser;
}

describe("Back and reload restore the longer list without JavaScript", { timeout: ACCOUNT_CHECK_TIMEOUT }, () => {
  test("new releases", async () => {
    await expectTheListComesBack(new NoScriptBrowser(), {
      path: "/anime/releases/latest/",
      listName: "Новые релизы",
      pageSize: 24,
      openedIndex: 30,
      shownAfterMore: 48,
    });
  });

  test("favorites", async () => {
    const browser = await signedInWithReleases(20, "favorites");
    await expectTheListComesBack(browser, {
      path: "/me/favorites/",
      listName: "Избранное",
      pageSize: 12,
      openedIndex: 15,
      shownAfterMore: 20,
    });
  });

  test("collections", async () => {
    const browser = await signedInWithReleases(20, "collections");
    await expectTheListComesBack(browser, {
      path: "/me/collections/",
      listName: "Коллекции",
      pageSize: 12,
      openedIndex: 15,
      shownAfterMore: 20,
    });
  });
});
