// The catalogue's loader against the embedded API (the default upstream).
import { beforeAll, describe, expect, it } from "vitest";
import { getEmbeddedApi } from "~/.server/api/transport";
import { loadCatalogPage } from "./catalog-page.server";
import { withLoadContext } from "../../../tests/support/load-context";

const load = (search: string) =>
  loadCatalogPage(withLoadContext({ request: new Request(`http://localhost:3000/anime/catalog/${search}`), context: {} }));

async function thrownStatus(run: () => Promise<unknown>): Promise<number | null> {
  try {
    await run();
    return null;
  } catch (error) {
    return (error as { init?: ResponseInit | null }).init?.status ?? (error as Response).status;
  }
}

// Opened (and seeded) before the tests, so a page's 5 s budget measures its calls, not the database's start.
beforeAll(() => getEmbeddedApi(), 60_000);

describe("the catalogue's pages", () => {
  it("answers 404 past the last page, as the other paged lists do, with no filter set", async () => {
    expect(await thrownStatus(() => load("?page=999"))).toBe(404);
  });

  it("still answers the first page of a search that finds nothing", async () => {
    const answer = await load("?search=" + encodeURIComponent("ъъъъъъ"));
    expect(answer.data.page.pagination.total).toBe(0);
  });

  it("sends an address with empty fields (a GET form without JavaScript) on to the same address without them", async () => {
    let thrown: unknown = null;
    await load("?search=&types=TV&yearFrom=&yearTo=&sorting=FRESH_AT_DESC").catch((error: unknown) => (thrown = error));
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(302);
    expect((thrown as Response).headers.get("Location")).toBe("/anime/catalog/?types=TV&sorting=FRESH_AT_DESC");
  });
});
