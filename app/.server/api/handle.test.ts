import { beforeEach, describe, expect, it, vi } from "vitest";
import type * as SessionModule from "../session.server";
import type * as TransportModule from "./transport";

const seen = vi.hoisted(() => ({ decryptions: 0, authorizations: [] as (string | null)[] }));

vi.mock("../session.server", async (importOriginal) => {
  const actual = await importOriginal<typeof SessionModule>();
  return {
    ...actual,
    getSessionUser: (request: Request) => {
      seen.decryptions += 1;
      return actual.getSessionUser(request);
    },
  };
});

vi.mock("./transport", async (importOriginal) => ({
  ...(await importOriginal<typeof TransportModule>()),
  resolveUpstream: () => ({
    baseUrl: "https://upstream.example/api/v1",
    embedded: false,
    transport: async (request: Request) => {
      seen.authorizations.push(request.headers.get("Authorization"));
      return Response.json([]);
    },
  }),
}));

const { commitSessionToken } = await import("../session.server");
const { requestApi } = await import("./handle");

function pageRequest(cookie?: string): Request {
  const cookiePair = cookie?.split(";")[0];
  return new Request("http://localhost/anime/releases/release/x", { headers: cookiePair ? { Cookie: cookiePair } : {} });
}

beforeEach(() => {
  seen.decryptions = 0;
  seen.authorizations = [];
});

describe("requestApi", () => {
  it("decrypts the session once per request, however many loaders and calls use it", async () => {
    const cookie = commitSessionToken("user-token");
    const loadContext = {};
    // Remix hands every loader of one request its own request object but the same load context.
    const rootLoader = requestApi({ request: pageRequest(cookie), context: loadContext });
    const pageLoader = requestApi({ request: pageRequest(cookie), context: loadContext });
    expect(pageLoader).toBe(rootLoader);

    await Promise.all([
      rootLoader.optional.lists.favoriteIds(),
      rootLoader.optional.timecodes.get(),
      pageLoader.lists.favoriteIds(),
      pageLoader.lists.collectionIds(),
      pageLoader.timecodes.get(),
    ]);
    expect(pageLoader.signedIn).toBe(true);
    expect(pageLoader.requireUser().token).toBe("user-token");

    expect(seen.decryptions).toBe(1);
    expect(seen.authorizations).toHaveLength(5);
    expect(new Set(seen.authorizations)).toEqual(new Set(["Bearer user-token"]));
  });

  it("does not decrypt at all until a call needs the token", () => {
    const api = requestApi({ request: pageRequest(commitSessionToken("user-token")), context: {} });
    void api.optional;
    void api.context.upstream;
    expect(seen.decryptions).toBe(0);
  });

  it("gives each request (load context) a handle of its own", async () => {
    const signedIn = requestApi({ request: pageRequest(commitSessionToken("user-token")), context: {} });
    const visitor = requestApi({ request: pageRequest(), context: {} });
    expect(visitor).not.toBe(signedIn);
    await visitor.lists.favoriteIds();
    expect(visitor.signedIn).toBe(false);
    expect(seen.authorizations).toEqual([null]);
  });

  it("calls with the given token right after login, whatever the cookie says", async () => {
    const api = requestApi({ request: pageRequest(), context: {} });
    await api.withToken("fresh-token").lists.favoriteIds();
    expect(seen.authorizations).toEqual(["Bearer fresh-token"]);
  });

  it("sends a visitor to the login page and back", () => {
    const api = requestApi({ request: pageRequest(), context: {} });
    let thrown: unknown;
    try {
      api.requireUser();
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get("Location")).toBe("/app/auth/login?redirectTo=%2Fanime%2Freleases%2Frelease%2Fx");
  });

  it("binds a domain's functions once, when first read, and they work taken off the handle", async () => {
    const cookie = commitSessionToken("user-token");
    const api = requestApi({ request: pageRequest(cookie), context: {} });
    expect(Object.keys(api)).not.toContain("lists");
    const lists = api.lists;
    expect(api.lists).toBe(lists);
    expect(Object.keys(api)).toContain("lists");
    const { favoriteIds } = lists;
    const { requireUser, withToken } = api;
    await favoriteIds();
    await withToken("fresh-token").lists.favoriteIds();
    expect(seen.authorizations).toEqual(["Bearer user-token", "Bearer fresh-token"]);
    expect(requireUser().token).toBe("user-token");
    expect(api.optional).toBe(api.optional);
  });
});
