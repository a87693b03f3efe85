import { afterAll, describe, expect, it } from "vitest";
import { asJson, asList, TestClient } from "../test-support";

const client = new TestClient({ seed: { releases: 60 } });
afterAll(() => client.close());

const genreIdsOf = (release: Record<string, unknown>): number[] => asList(release.genres).map((genre) => genre.id as number);

describe("GET /anime/releases/recommended", () => {
  it("recommends for a release the others that share the most of its genres, the most favourited first among equals", async () => {
    const releases = [
      ...asList(asJson((await client.get("/anime/catalog/releases?limit=50&page=1")).body).data),
      ...asList(asJson((await client.get("/anime/catalog/releases?limit=50&page=2")).body).data),
    ];
    const sharedBetween = (left: Record<string, unknown>, right: Record<string, unknown>) =>
      genreIdsOf(left).filter((id) => genreIdsOf(right).includes(id)).length;
    // The case worth testing: a release with others sharing more than one of its genres.
    const release = releases.find((item) => releases.some((other) => other.id !== item.id && sharedBetween(item, other) > 1));
    if (!release) throw new Error("no two demo releases share two genres");
    const expected = releases
      .filter((item) => item.id !== release.id && sharedBetween(item, release) > 0)
      .sort(
        (left, right) =>
          sharedBetween(right, release) - sharedBetween(left, release) ||
          (right.added_in_users_favorites as number) - (left.added_in_users_favorites as number) ||
          (right.id as number) - (left.id as number),
      )
      .slice(0, 8)
      .map((item) => item.id);
    const answer = await client.get(`/anime/releases/recommended?release_id=${String(release.id)}&limit=8`);
    expect(answer.status).toBe(200);
    expect(asList(answer.body).map((item) => item.id)).toEqual(expected);
  });

  it("without a release, recommends the most favourited", async () => {
    const recommended = asList((await client.get("/anime/releases/recommended?limit=5")).body);
    const favourites = recommended.map((item) => item.added_in_users_favorites as number);
    expect(favourites).toEqual([...favourites].sort((left, right) => right - left));
  });

  it("answers 404 for an unknown release and 422 for a bad limit", async () => {
    expect((await client.get("/anime/releases/recommended?release_id=999999")).status).toBe(404);
    expect((await client.get("/anime/releases/recommended?limit=51")).status).toBe(422);
  });
});
