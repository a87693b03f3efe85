// The lists' search is the catalogue's: a search that finds nothing is retried in the other keyboard layout.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ReleaseSchema, toRelease } from "~/.server/api/release-schema";
import { MEDIA_ORIGIN, releaseFixture } from "~/.server/api/test-fixtures";
import type { CollectionQuery } from "~/domain/account";
import type { Page } from "~/domain/pagination";
import type { Release } from "~/domain/release";
import type * as SessionModule from "~/.server/session.server";
import { withLoadContext } from "../../../tests/support/load-context";

const release = toRelease(ReleaseSchema.parse(releaseFixture()), MEDIA_ORIGIN);
const pageOf = (items: Release[]): Page<Release> => ({
  items,
  pagination: {
    total: items.length,
    count: items.length,
    perPage: 12,
    currentPage: 1,
    totalPages: items.length ? 1 : 0,
    links: { next: null, previous: null },
  },
});
const searches: (string | undefined)[] = [];
const lists = vi.hoisted(() => ({
  getCollectionReleases: vi.fn(),
  getAccountListReferences: vi.fn(async () => ({ genres: [], types: [], years: [], ageRatings: [], sorting: [] })),
}));

vi.mock("~/.server/api/lists", async (importOriginal) => ({ ...(await importOriginal<object>()), ...lists }));
vi.mock("~/features/progress/continue-watching.server", () => ({ loadContinueWatching: async () => null }));
vi.mock("~/.server/session.server", async (importOriginal) => ({
  ...(await importOriginal<typeof SessionModule>()),
  getSessionUser: () => ({ token: "token", issuedAt: new Date() }),
}));

const { loadCollectionsPage } = await import("./list-pages.server");

beforeEach(() => {
  searches.length = 0;
  lists.getCollectionReleases.mockImplementation(async (_context: unknown, query: CollectionQuery) => {
    searches.push(query.search);
    return pageOf(query.search === "стальное" ? [release] : []);
  });
});

describe("the collections page's search", () => {
  it("retries a search typed in the wrong layout and says what it searched for", async () => {
    const answer = await loadCollectionsPage(
      withLoadContext({ request: new Request("http://localhost/me/collections/?search=cnfkmyjt"), context: {} }),
    );
    expect(searches).toEqual(["cnfkmyjt", "стальное"]);
    expect(answer.data.searchedAs).toBe("стальное");
    expect(answer.data.page.items).toHaveLength(1);
  });

  it("keeps a search that finds nothing in either layout as typed", async () => {
    const answer = await loadCollectionsPage(
      withLoadContext({ request: new Request("http://localhost/me/collections/?search=zzzz"), context: {} }),
    );
    expect(answer.data.searchedAs).toBeUndefined();
    expect(answer.data.page.items).toHaveLength(0);
  });
});
