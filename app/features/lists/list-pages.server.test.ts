// The lists' search is the catalogue's: a search that finds nothing is retried in the other keyboard layout. A
// collection's filters offer the values of its own releases.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ReleaseSchema, toRelease } from "~/.server/api/release-schema";
import { MEDIA_ORIGIN, releaseFixture } from "~/.server/api/test-fixtures";
import type { AccountListReferences, CollectionQuery } from "~/domain/account";
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
const ALL_COLLECTIONS_REFERENCES: AccountListReferences = {
  genres: [
    { id: 5, name: "Экшен" },
    { id: 9, name: "Драма" },
  ],
  types: [
    { value: "TV", label: "ТВ", description: null },
    { value: "MOVIE", label: "Фильм", description: null },
  ],
  years: [2018, 2024],
  ageRatings: [
    { value: "R16_PLUS", label: "16+", description: null },
    { value: "R0_PLUS", label: "0+", description: null },
  ],
  sorting: [],
};
const lists = vi.hoisted(() => ({
  getCollectionReleases: vi.fn(),
  getAccountListReferences: vi.fn(async (): Promise<AccountListReferences> => ({
    genres: [],
    types: [],
    years: [],
    ageRatings: [],
    sorting: [],
  })),
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
    // The page's own calls; the collection's filter values are read unsearched.
    if (query.search !== undefined) searches.push(query.search);
    return pageOf(query.search === "стальное" ? [release] : []);
  });
});

describe("the collections page's filters", () => {
  const load = (query: string) =>
    loadCollectionsPage(withLoadContext({ request: new Request(`http://localhost/me/collections/${query}`), context: {} }));

  beforeEach(() => {
    lists.getAccountListReferences.mockImplementation(async () => ALL_COLLECTIONS_REFERENCES);
    // «Просмотрено» holds the fixture's release (ТВ, 2018, «Экшен», 16+); the references are of every collection.
    lists.getCollectionReleases.mockImplementation(async (_context: unknown, query: CollectionQuery) => {
      const matches = query.collection === "WATCHED" && (query.types ?? []).every((type) => type === "TV");
      return pageOf(matches ? [release] : []);
    });
  });

  it("offer only the values of the collection's own releases, not those of the other collections", async () => {
    const { references } = (await load("?type=WATCHED")).data;
    expect(references.genres.map((genre) => genre.name)).toEqual(["Экшен"]);
    expect(references.types.map((type) => type.value)).toEqual(["TV"]);
    expect(references.years).toEqual([2018]);
    expect(references.ageRatings.map((rating) => rating.value)).toEqual(["R16_PLUS"]);
  });

  it("keep a chosen value the collection lacks, so it can be taken off, and read the values unfiltered", async () => {
    const { references, page } = (await load("?type=WATCHED&types=MOVIE")).data;
    expect(page.items).toHaveLength(0);
    expect(references.types.map((type) => type.value)).toEqual(["TV", "MOVIE"]);
    expect(references.genres.map((genre) => genre.name)).toEqual(["Экшен"]);
  });

  it("offer nothing on an empty collection", async () => {
    const { references } = (await load("?type=PLANNED")).data;
    expect(references).toEqual({ genres: [], types: [], years: [], ageRatings: [], sorting: [] });
  });

  it("read a long collection's values from at most four pages of fifty, and offer the references past that", async () => {
    const pages: number[] = [];
    const longPage = (total: number) => async (_context: unknown, query: CollectionQuery) => {
      if (query.limit === 50) pages.push(query.page ?? 1);
      const answer = pageOf([release]);
      return { ...answer, pagination: { ...answer.pagination, total, totalPages: Math.ceil(total / (query.limit ?? 12)) } };
    };
    lists.getCollectionReleases.mockImplementation(longPage(200));
    expect((await load("?type=WATCHED")).data.references.types.map((type) => type.value)).toEqual(["TV"]);
    expect(pages.sort()).toEqual([1, 2, 3, 4]);

    pages.length = 0;
    lists.getCollectionReleases.mockImplementation(longPage(201));
    expect((await load("?type=WATCHED")).data.references).toEqual(ALL_COLLECTIONS_REFERENCES);
    expect(pages).toEqual([1]);
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
