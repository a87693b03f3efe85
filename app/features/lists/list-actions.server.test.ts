import { beforeEach, describe, expect, it, vi } from "vitest";
import { UpstreamUnauthorizedError, UpstreamUnavailableError } from "~/.server/api/errors";
import type * as SessionModule from "~/.server/session.server";
import { withLoadContext } from "../../../tests/support/load-context";

const api = vi.hoisted(() => ({
  addFavorites: vi.fn<(caller: unknown, ids: number[]) => Promise<number[]>>(),
  removeFavorites: vi.fn<(caller: unknown, ids: number[]) => Promise<number[]>>(),
  addToCollection:
    vi.fn<(caller: unknown, entries: { releaseId: number; type: string }[]) => Promise<{ releaseId: number; type: string }[]>>(),
  removeFromCollection: vi.fn<(caller: unknown, ids: number[]) => Promise<{ releaseId: number; type: string }[]>>(),
}));
const session = vi.hoisted(() => ({ token: "token" as string | null }));

vi.mock("~/.server/api/lists", async (importOriginal) => ({ ...(await importOriginal<object>()), ...api }));
vi.mock("~/.server/session.server", async (importOriginal) => ({
  ...(await importOriginal<typeof SessionModule>()),
  getSessionUser: () => (session.token === null ? null : { token: session.token, issuedAt: new Date() }),
}));

const { collectionsAction, favoritesAction } = await import("./list-actions.server");

/** A list action's arguments: a form POST, with a load context of its own. */
function post(path: string, fields: Record<string, string>) {
  return withLoadContext({
    request: new Request(`http://localhost${path}`, { method: "POST", body: new URLSearchParams(fields) }),
    context: {},
  });
}

type DataResult = { data: unknown; init: ResponseInit | null };

async function thrown(run: () => Promise<unknown>): Promise<Response> {
  try {
    await run();
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  throw new Error("expected a thrown response");
}

beforeEach(() => {
  session.token = "token";
  for (const mock of Object.values(api)) mock.mockReset();
});

describe("favoritesAction", () => {
  it("adds for a plain form and redirects back with a success toast", async () => {
    api.addFavorites.mockResolvedValue([7, 42]);
    const response = (await favoritesAction(
      post("/lists/favorites", { releaseId: "42", change: "add", redirectTo: "/anime/releases/release/x" }),
    )) as Response;
    expect(api.addFavorites).toHaveBeenCalledWith(expect.anything(), [42]);
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/anime/releases/release/x");
    expect(response.headers.get("Set-Cookie")).toMatch(/^toast=/);
  });

  it("answers a fetcher with the new state instead of redirecting", async () => {
    api.removeFavorites.mockResolvedValue([7]);
    const result = (await favoritesAction(
      post("/lists/favorites", { releaseId: "42", change: "remove", via: "fetcher" }),
    )) as unknown as DataResult;
    expect(result.data).toEqual({ ok: true, releaseId: 42, isFavorite: false, message: "Релиз убран из избранного" });
  });

  it("never redirects to another site", async () => {
    api.addFavorites.mockResolvedValue([42]);
    const response = (await favoritesAction(
      post("/lists/favorites", { releaseId: "42", change: "add", redirectTo: "//evil.example/" }),
    )) as Response;
    expect(response.headers.get("Location")).toBe("/");
  });

  it.each([
    ["/п", "/%D0%BF"],
    ["/anime/catalog?search=a\u3000b", "/anime/catalog?search=a%E3%80%80b"],
    ["/\uFF0F\uFF0Fevil.example", "/"],
  ])("goes back to the non-Latin target %j encoded or refused (%s), never a 500", async (redirectTo, location) => {
    api.addFavorites.mockResolvedValue([42]);
    const response = (await favoritesAction(post("/lists/favorites", { releaseId: "42", change: "add", redirectTo }))) as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(location);
  });

  it("sends a visitor to sign in and back", async () => {
    session.token = null;
    const response = await thrown(() =>
      favoritesAction(post("/lists/favorites", { releaseId: "42", change: "add", redirectTo: "/anime/releases/release/x" })),
    );
    expect(response.headers.get("Location")).toBe("/app/auth/login?redirectTo=%2Fanime%2Freleases%2Frelease%2Fx");
    expect(api.addFavorites).not.toHaveBeenCalled();
  });

  it("rejects a tampered form with a Russian message and calls nothing", async () => {
    const result = (await favoritesAction(
      post("/lists/favorites", { releaseId: "abc", change: "add", via: "fetcher" }),
    )) as unknown as DataResult;
    expect(result.init?.status).toBe(400);
    expect(result.data).toMatchObject({ ok: false, message: expect.stringMatching(/запрос/) });
    expect(api.addFavorites).not.toHaveBeenCalled();
  });

  it("reports an upstream failure instead of swallowing it", async () => {
    api.addFavorites.mockRejectedValue(new UpstreamUnavailableError({ method: "POST", path: "/accounts/users/me/favorites" }, "network"));
    const result = (await favoritesAction(
      post("/lists/favorites", { releaseId: "42", change: "add", via: "fetcher" }),
    )) as unknown as DataResult;
    expect(result.init?.status).toBeGreaterThanOrEqual(500);
    expect(result.data).toMatchObject({ ok: false, message: expect.stringMatching(/не отвечает/) });
    const plain = (await favoritesAction(post("/lists/favorites", { releaseId: "42", change: "add", redirectTo: "/x" }))) as Response;
    expect(plain.status).toBe(303);
    expect(plain.headers.get("Set-Cookie")).toMatch(/^toast=/);
  });

  it("drops a dead session and sends the user to sign in", async () => {
    api.addFavorites.mockRejectedValue(new UpstreamUnauthorizedError({ method: "POST", path: "/accounts/users/me/favorites" }, null));
    const response = await thrown(() => favoritesAction(post("/lists/favorites", { releaseId: "42", change: "add", redirectTo: "/x" })));
    expect(response.headers.get("Location")).toBe("/app/auth/login?redirectTo=%2Fx");
    expect(response.headers.get("Set-Cookie")).toBeTruthy();
  });
});

describe("collectionsAction", () => {
  it("adds a release that is in no collection", async () => {
    api.addToCollection.mockResolvedValue([{ releaseId: 42, type: "WATCHING" }]);
    const result = (await collectionsAction(
      post("/lists/collections", { releaseId: "42", type: "WATCHING", current: "", via: "fetcher" }),
    )) as unknown as DataResult;
    expect(api.addToCollection).toHaveBeenCalledWith(expect.anything(), [{ releaseId: 42, type: "WATCHING" }]);
    expect(result.data).toEqual({ ok: true, releaseId: 42, collection: "WATCHING", message: "Релиз добавлен в коллекцию «Смотрю»" });
  });

  it("moves a release to another type", async () => {
    api.addToCollection.mockResolvedValue([{ releaseId: 42, type: "WATCHED" }]);
    const result = (await collectionsAction(
      post("/lists/collections", { releaseId: "42", type: "WATCHED", current: "WATCHING", via: "fetcher" }),
    )) as unknown as DataResult;
    expect(api.addToCollection).toHaveBeenCalledWith(expect.anything(), [{ releaseId: 42, type: "WATCHED" }]);
    expect(result.data).toMatchObject({ collection: "WATCHED", message: "Релиз перенесён в коллекцию «Просмотрено»" });
  });

  it("removes a release when its own type is chosen again", async () => {
    api.removeFromCollection.mockResolvedValue([]);
    const response = (await collectionsAction(
      post("/lists/collections", { releaseId: "42", type: "PLANNED", current: "PLANNED", redirectTo: "/r" }),
    )) as Response;
    expect(api.removeFromCollection).toHaveBeenCalledWith(expect.anything(), [42]);
    expect(api.addToCollection).not.toHaveBeenCalled();
    expect(response.headers.get("Location")).toBe("/r");
  });

  it("rejects an unknown collection type", async () => {
    const result = (await collectionsAction(
      post("/lists/collections", { releaseId: "42", type: "FAVORITE", via: "fetcher" }),
    )) as unknown as DataResult;
    expect(result.init?.status).toBe(400);
    expect(api.addToCollection).not.toHaveBeenCalled();
  });
});
