import { beforeEach, describe, expect, it, vi } from "vitest";
import type * as SessionModule from "../session.server";
import type * as TransportModule from "./transport";

const seen = vi.hoisted(() => ({ decryptions: 0, authorizations: [] as (string | null)[], calls: [] as string[], failures: 0 }));

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

vi.mock("./transport", async (importOriginal) => {
  const { profileFixture } = await import("./test-fixtures");
  return {
    ...(await importOriginal<typeof TransportModule>()),
    resolveUpstream: () => ({
      baseUrl: "https://upstream.example/api/v1",
      embedded: false,
      transport: async (request: Request) => {
        seen.authorizations.push(request.headers.get("Authorization"));
        seen.calls.push(`${request.method} ${new URL(request.url).pathname.replace("/api/v1", "")}`);
        if (seen.failures > 0) {
          seen.failures -= 1;
          return new Response("down", { status: 503 });
        }
        return Response.json(request.url.endsWith("/me/profile") ? profileFixture() : []);
      },
    }),
  };
});

const { commitSessionToken } = await import("../session.server");
const { createLoadContext } = await import("../load-context.server");

function pageRequest(cookie?: string): Request {
  const cookiePair = cookie?.split(";")[0];
  return new Request("http://localhost/anime/releases/release/x", { headers: cookiePair ? { Cookie: cookiePair } : {} });
}

beforeEach(() => {
  seen.decryptions = 0;
  seen.authorizations = [];
  seen.calls = [];
  seen.failures = 0;
});

describe("the request's API handle", () => {
  it("decrypts the session once per request, however many loaders and calls use it", async () => {
    const cookie = commitSessionToken("user-token");
    // Built once per request by the server; Remix hands every loader and action of the request the same context.
    const { api } = createLoadContext(pageRequest(cookie));

    await Promise.all([
      api.optional.lists.favoriteIds(),
      api.optional.timecodes.get(),
      api.optional.profile.get(),
      api.lists.favoriteIds(),
      api.lists.collectionIds(),
      api.timecodes.get(),
      api.profile.get(),
    ]);
    expect(api.signedIn).toBe(true);
    expect(api.requireUser(pageRequest(cookie)).token).toBe("user-token");

    expect(seen.decryptions).toBe(1);
    // The root's badges, continue watching and new episodes all read the lists, the two blocks the timecodes, the
    // root and the bell the profile: asked once each.
    expect(seen.calls.sort()).toEqual([
      "GET /accounts/users/me/collections/ids",
      "GET /accounts/users/me/favorites/ids",
      "GET /accounts/users/me/profile",
      "GET /accounts/users/me/views/timecodes",
    ]);
    expect(new Set(seen.authorizations)).toEqual(new Set(["Bearer user-token"]));
  });

  it("asks again for the shared reads after a write of the request", async () => {
    const { api } = createLoadContext(pageRequest(commitSessionToken("user-token")));
    await api.lists.favoriteIds();
    await api.lists.addFavorites([7]);
    await api.optional.lists.favoriteIds();
    await api.optional.lists.favoriteIds();
    expect(seen.calls).toEqual([
      "GET /accounts/users/me/favorites/ids",
      "POST /accounts/users/me/favorites",
      "GET /accounts/users/me/favorites/ids",
    ]);
  });

  it("shares a read between the calls of one request only, and per token", async () => {
    const cookie = commitSessionToken("user-token");
    const first = createLoadContext(pageRequest(cookie)).api;
    const second = createLoadContext(pageRequest(cookie)).api;
    await Promise.all([first.timecodes.get(), second.timecodes.get(), first.withToken("fresh-token").timecodes.get()]);
    await first.timecodes.get(new Date(0).toISOString());
    expect(seen.calls).toHaveLength(4);
    expect(seen.authorizations.sort()).toEqual(["Bearer fresh-token", "Bearer user-token", "Bearer user-token", "Bearer user-token"]);
  });

  it("asks again when the shared read failed, within the later caller's own budget", async () => {
    const { api } = createLoadContext(pageRequest(commitSessionToken("user-token")));
    seen.failures = 2;
    const [optional, page] = await Promise.allSettled([api.optional.lists.collectionIds(), api.lists.collectionIds()]);
    expect(optional.status).toBe("rejected");
    expect(page).toEqual({ status: "fulfilled", value: [] });
    expect(seen.calls).toEqual(Array(3).fill("GET /accounts/users/me/collections/ids"));
  });

  it("does not decrypt at all until a call needs the token", () => {
    const { api } = createLoadContext(pageRequest(commitSessionToken("user-token")));
    void api.optional;
    void api.lists;
    void api.context.upstream;
    expect(seen.decryptions).toBe(0);
  });

  it("gives each request a handle of its own", async () => {
    const signedIn = createLoadContext(pageRequest(commitSessionToken("user-token"))).api;
    const visitor = createLoadContext(pageRequest()).api;
    expect(visitor).not.toBe(signedIn);
    await visitor.lists.favoriteIds();
    expect(visitor.signedIn).toBe(false);
    expect(seen.authorizations).toEqual([null]);
  });

  it("calls with the given token right after login, whatever the cookie says", async () => {
    const { api } = createLoadContext(pageRequest());
    await api.withToken("fresh-token").lists.favoriteIds();
    expect(seen.authorizations).toEqual(["Bearer fresh-token"]);
  });

  it("sends a visitor to the login page and back to the page asked for, not to its data request", () => {
    const { api } = createLoadContext(new Request("http://localhost/anime/releases/release/x.data?_routes=root"));
    let thrown: unknown;
    try {
      api.requireUser(pageRequest());
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get("Location")).toBe("/app/auth/login?redirectTo=%2Fanime%2Freleases%2Frelease%2Fx");
  });

  it("keeps the visitor's address beside the handle", () => {
    expect(createLoadContext(pageRequest(), { clientIp: "192.0.2.7" }).clientIp).toBe("192.0.2.7");
    expect(createLoadContext(pageRequest()).clientIp).toBeNull();
  });

  it("has functions that work taken off the handle, and one set of optional calls", async () => {
    const cookie = commitSessionToken("user-token");
    const { api } = createLoadContext(pageRequest(cookie));
    const { favoriteIds } = api.lists;
    const { requireUser, withToken } = api;
    await favoriteIds();
    await withToken("fresh-token").lists.favoriteIds();
    expect(seen.authorizations).toEqual(["Bearer user-token", "Bearer fresh-token"]);
    expect(requireUser(pageRequest(cookie)).token).toBe("user-token");
    expect(api.optional).toBe(api.optional);
    expect(api.optional.context.timeoutMs).toBeLessThan(api.context.timeoutMs);
  });
});
